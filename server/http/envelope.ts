import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from './errors';
import { toFieldErrors } from './validation';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './unavailable';
import { isApiPath } from '../contract';

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
  errors?: Record<string, string[]>;
}

/** A multipart body cut off before its closing boundary, or sent without one (the parser's own wording). */
const MALFORMED_UPLOAD = /^(Unexpected end of (multipart data|form|file)|Multipart: Boundary not found|Malformed part header)/;

/** Fastify's body errors, in words a user or an integrator can act on. */
const BAD_BODY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容格式不正确：不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容格式不正确：JSON 内容为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式，请以表单（application/x-www-form-urlencoded）提交',
  FST_ERR_CTP_BODY_TOO_LARGE: '上传内容过大',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '上传请求格式不正确：应为 multipart/form-data',
};

export const success = <T>(data: T, message = 'success'): Envelope<T> => ({ code: 200, data, message });

function send(reply: FastifyReply, status: number, body: Envelope<null>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors Fastify's router raises before any route runs (Fastify's `frameworkErrors`): a malformed URL, a path
 * parameter over the router's length limit. Same envelope, in Chinese.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '请求地址中的参数过长' : error.code === 'FST_ERR_BAD_URL' ? '请求地址格式不正确' : MESSAGES.badRequest;
  void send(reply, 400, { code: 400, data: null, message });
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
    if (MALFORMED_UPLOAD.test(error.message)) {
      return send(reply, 400, { code: 400, data: null, message: '上传内容不完整或格式不正确（缺少分隔符或结束标记），请重新上传' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, { code: 429, data: null, message: MESSAGES.tooMany });
    if (status >= 400 && status < 500) {
      // Malformed JSON/form bodies, oversized payloads, wrong content types: say which.
      const message = BAD_BODY[(error as FastifyError).code ?? ''] ?? (status === 413 ? '上传内容过大' : status === 415 ? '不支持的请求格式' : MESSAGES.badRequest);
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
    if (isApiPath(request.url)) return send(reply, 404, { code: 404, data: null, message: '接口不存在' });
    return reply.status(404).type('text/plain; charset=utf-8').send('页面不存在');
  });
}
