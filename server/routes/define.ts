import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Db } from '../db';
import { routeUrl, type Contract } from '../contract';
import { requireUser } from '../http/auth';
import { success } from '../http/envelope';
import { refuseUnstorableInput } from '../http/unstorable-input';

export interface RouteContext {
  app: FastifyInstance;
  db: Db;
  contract: Contract;
}

/** A reply with a message other than the default 'success'. */
export class Answer<T> {
  constructor(readonly data: T, readonly message: string) {}
}

export interface RouteSpec {
  schema?: Pick<FastifySchema, 'body' | 'querystring' | 'params' | 'response'>;
  /** Returns the `data` of the envelope, or the reply itself after sending something else (a download). */
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * Registers the contract entry `name` (config/endpoints.yaml): method, URL, whether a login is needed and by whom come
 * from the contract, so the server cannot drift from what the client calls. The handler returns the `data`
 * of a success envelope, or throws an ApiError.
 */
export function defineRoute(ctx: RouteContext, name: string, spec: RouteSpec): void {
  const entry = ctx.contract[name];
  if (!entry) throw new Error(`接口 ${name} 不在 config/endpoints.yaml 中`);
  ctx.app.route({
    method: entry.method,
    url: routeUrl(name),
    schema: { ...spec.schema, summary: entry.summary, tags: [name.split('/')[0]], ...(entry.auth && { security: [{ bearer: [] }] }) },
    // Before validation, so a caller without a valid token (or of the wrong role) learns nothing about the input rules.
    preValidation: entry.auth ? requireUser(ctx.db, entry.role, entry.passwordPending) : undefined,
    preHandler: async (request) => refuseUnstorableInput(request, spec.schema),
    handler: async (request, reply) => {
      const result = await spec.handler(request, reply);
      // A handler that answered itself (a file or a stream it passed to reply.send) returns the reply.
      if (reply.sent || result === reply) return reply;
      return result instanceof Answer ? success(result.data, result.message) : success(result ?? null);
    },
  });
}

/** Largest integer any input may carry: ids are 32-bit on PostgreSQL, and SQLite refuses numbers past 64 bits. */
export const MAX_INT = 2_147_483_647;

/** Schema helpers: form fields arrive as strings; Fastify's ajv coerces them to the declared types. */
export const field = {
  // Every integer input is bounded, so a page or id like 99999999999999999999 is a 422, never a database error.
  int: (title: string, extra: Record<string, unknown> = {}) => ({ type: 'integer', title, minimum: -MAX_INT, maximum: MAX_INT, ...extra }),
  str: (title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', title, ...extra }),
};

export function objectSchema(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: true };
}
