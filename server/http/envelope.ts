import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from './errors';
import { toFieldErrors } from './validation';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './unavailable';

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
  errors?: Record<string, string[]>;
}

export const success = <T>(data: T, message = 'success'): Envelope<T> => ({ code: 200, data, message });

function send(reply: FastifyReply, status: number, body: Envelope<null>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Every failure becomes `{code, data: null, message}` with a Chinese message: ApiErrors as thrown, schema
 * failures as 422 with per-field messages, malformed bodies as 400, and anything unexpected as a logged 500
 * that never shows a stack trace.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return send(reply, error.status, { code: error.code, data: null, message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (error.validation) {
      const part = error.validationContext ?? 'body';
      const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
      const errors = toFieldErrors(error.validation, schema);
      const message = Object.values(errors)[0]?.[0] ?? MESSAGES.badRequest;
      return send(reply, 422, { code: 422, data: null, message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, { code: 429, data: null, message: MESSAGES.tooMany });
    if (status >= 400 && status < 500) {
      // Malformed JSON/form bodies, oversized payloads, wrong content types.
      const message = status === 413 ? '上传内容过大' : status === 415 ? '不支持的请求格式' : MESSAGES.badRequest;
      return send(reply, status, { code: status, data: null, message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, method: request.method, url: request.url, userId: request.user?.id ?? null }, 'database unavailable');
      return send(reply, 503, { code: 503, data: null, message: UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error, method: request.method, url: request.url, userId: request.user?.id ?? null }, 'unhandled error');
    return send(reply, 500, { code: 500, data: null, message: MESSAGES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return send(reply, 404, { code: 404, data: null, message: '接口不存在' });
    return reply.status(404).type('text/plain; charset=utf-8').send('页面不存在');
  });
}
