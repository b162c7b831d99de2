import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawServerDefault } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** An id a load balancer or client sent is kept only when it is short and plain, so it cannot forge log lines. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's `X-Request-Id` when acceptable, else a new UUID. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/**
 * One structured line per request at `info` (Fastify's own per-request lines are turned off): request id, method,
 * route, user, status and duration; and the id goes back in `X-Request-Id` so a user's report can be found.
 */
export function installRequestLog(app: FastifyInstance<RawServerDefault>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const status = reply.statusCode;
    // The request id comes from request.log's own binding (writing it here too put the key in each line twice).
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url,
      userId: request.user?.id ?? null,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (status >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
    done();
  });
}
