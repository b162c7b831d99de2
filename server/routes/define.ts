import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject, type TOptional, type TProperties, type TSchema, type TUnsafe } from 'typebox';
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

/** The parts of a route's schema a handler reads; TypeBox schemas (the `field` helpers below), so they also type it. */
export type RouteSchema = Pick<FastifySchema, 'body' | 'querystring' | 'params' | 'response'>;

/** A request whose body, query and params have the types of the route's schema (the TypeBox type provider). */
export type RouteRequest<S extends RouteSchema = RouteSchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, IncomingMessage, S, TypeBoxTypeProvider>;

export interface RouteSpec<S extends RouteSchema = RouteSchema> {
  schema?: S;
  /** Returns the `data` of the envelope, or the reply itself after sending something else (a download). */
  handler(request: RouteRequest<S>, reply: FastifyReply): Promise<unknown>;
}

/**
 * Registers the contract entry `name` (config/endpoints.yaml): method, URL, whether a login is needed and by whom come
 * from the contract, so the server cannot drift from what the client calls. The schema validates the input (ajv, with
 * coercion of form strings) and, through the TypeBox type provider, types `request.body/query/params` in the handler.
 * The handler returns the `data` of a success envelope, or throws an ApiError.
 */
export function defineRoute<const S extends RouteSchema = {}>(ctx: RouteContext, name: string, spec: RouteSpec<S>): void {
  const entry = ctx.contract[name];
  if (!entry) throw new Error(`接口 ${name} 不在 config/endpoints.yaml 中`);
  ctx.app.route({
    method: entry.method,
    url: routeUrl(name),
    schema: { ...spec.schema, summary: entry.summary, tags: [name.split('/')[0]], ...(entry.auth && { security: [{ bearer: [] }] }) },
    // Before validation, so a caller without a valid token (or of the wrong role) learns nothing about the input rules.
    preValidation: entry.auth ? requireUser(ctx.db, entry.role, entry.passwordPending) : undefined,
    handler: async (request, reply) => {
      // After validation, before the handler (here rather than in a preHandler hook: one hook less per request).
      refuseUnstorableInput(request, spec.schema);
      // Fastify validated (and coerced) the input against spec.schema before this point: the type it gets here is that schema's.
      const result = await spec.handler(request as RouteRequest<S>, reply);
      // A handler that answered itself (a file or a stream it passed to reply.send) returns the reply.
      if (reply.sent || result === reply) return reply;
      return result instanceof Answer ? success(result.data, result.message) : success(result ?? null);
    },
  });
}

/** Largest integer any input may carry: ids are 32-bit on PostgreSQL, and SQLite refuses numbers past 64 bits. */
export const MAX_INT = 2_147_483_647;

type Options = Record<string, unknown>;
/** A field whose schema sets `default`: ajv fills it in when the form leaves it out, so the handler always has it. */
type Defaulted<S> = S & { default: unknown };
type Field<T, E> = E extends { default: unknown } ? Defaulted<TUnsafe<T>> : TUnsafe<T>;
/** The type of a field: its `enum` values when it has them. */
type ValueOf<E, T> = E extends { enum: readonly (infer V)[] } ? V : T;

/**
 * Schema helpers, thin wrappers over TypeBox: the JSON Schema ajv checks (form fields arrive as strings; Fastify's ajv
 * coerces them to the declared types), with the static type the handler sees. `title` names the field in the Chinese
 * validation messages (server/http/validation.ts); `errorMessage` replaces them.
 */
export const field = {
  // Every integer input is bounded, so a page or id like 99999999999999999999 is a 422, never a database error.
  int: <const E extends Options = {}>(title: string, extra?: E) =>
    Type.Unsafe({ type: 'integer', title, minimum: -MAX_INT, maximum: MAX_INT, ...extra }) as Field<ValueOf<E, number>, E>,
  num: <const E extends Options = {}>(title: string, extra?: E) => Type.Unsafe({ type: 'number', title, ...extra }) as Field<number, E>,
  str: <const E extends Options = {}>(title: string, extra?: E) => Type.Unsafe({ type: 'string', title, ...extra }) as Field<ValueOf<E, string>, E>,
  list: <I extends TSchema, const E extends Options = {}>(title: string, items: I, extra?: E) =>
    Type.Unsafe({ type: 'array', title, items, ...extra }) as Field<Static<I>[], E>,
  /** A value that may come as text or as a whole number (`types` in the order ajv tries them when coercing). */
  mixed: <const E extends Options = {}>(title: string, types: readonly ('string' | 'integer')[], extra?: E) =>
    Type.Unsafe({ type: types, title, ...extra }) as Field<string | number, E>,
  /** One id or a comma-separated list of ids (`3` or `3,5,8`), as the category filters send them. */
  idList: <const E extends Options = {}>(title: string, extra?: E) =>
    Type.Unsafe({ type: ['string', 'integer'], title, pattern: '^\\d+(,\\d+)*$', ...extra }) as Field<string | number, E>,
  /** The field's schema, or null (a JSON body that clears the value). */
  nullable: <S extends TSchema>(schema: S) => Type.Unsafe<Static<S> | null>({ anyOf: [schema, { type: 'null' }] }),
};

/** The keys of a lookup table, typed as such: the `enum` of a field whose value indexes the table. */
export const keysOf = <T extends object>(table: T) => Object.keys(table) as (keyof T & string)[];

/** Required properties, those with a default (always filled in), and the optional rest. */
type Shape<P extends TProperties, R extends keyof P> = {
  // -? and NonNullable: a property spread in conditionally (`...(cond && { key: schema })`) is an optional one.
  [K in keyof P]-?: K extends R ? NonNullable<P[K]> : NonNullable<P[K]> extends { default: unknown } ? NonNullable<P[K]> : TOptional<NonNullable<P[K]>>;
};

/** An object of the given fields (more are allowed and ignored); `required` in this order, the order of the messages. */
export function objectSchema<P extends TProperties, const R extends keyof P & string = never>(properties: P, required: readonly R[] = [], extra: Options = {}) {
  return Type.Object(properties, { required: [...required], additionalProperties: true, ...extra }) as unknown as TObject<Shape<P, R>>;
}
