import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (headers over the size limit, malformed request lines,
 * timeouts) get the same `{code, data, message}` envelope in Chinese as everything else, instead of Node's English.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', '请求头过大（例如 Cookie 过多或过长），请清除本站 Cookie 后重试']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', '请求超时，请重试']
        : [400, 'Bad Request', '请求格式不正确'];
  const body = JSON.stringify({ code: status, data: null, message });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
