/** Errors a handler throws to answer with something other than success; the error handler turns them into envelopes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: '登录信息已失效，请重新登录！',
  forbidden: '无权访问该数据',
  notFound: '请求的资源不存在',
  badRequest: '请按照要求输入正确的数据',
  tooMany: '操作过于频繁，请稍后再试',
  internal: '服务器繁忙，请稍后再试',
} as const;

/** A business refusal: HTTP 200 with code 0 and a message the client shows as is (wrong password, not in time window, ...). */
export const refuse = (message: string) => new ApiError(200, 0, message);
export const unauthenticated = () => new ApiError(401, 401, MESSAGES.unauthenticated);
export const forbidden = (message: string = MESSAGES.forbidden) => new ApiError(403, 403, message);
export const notFound = (message: string = MESSAGES.notFound) => new ApiError(404, 404, message);
export const tooMany = (message: string = MESSAGES.tooMany) => new ApiError(429, 429, message);
export const invalid = (field: string, message: string) => new ApiError(422, 422, message, { [field]: [message] });
