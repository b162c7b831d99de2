/**
 * Errors that mean "the database cannot answer right now" rather than "this request is wrong": another process holds
 * SQLite's write lock past the busy timeout, or PostgreSQL refuses or drops connections. They are answered 503 with
 * 系统繁忙，请稍后重试 so clients retry, and `/api/ready` reports the node not ready.
 */
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
// PostgreSQL SQLSTATE classes 08 (connection exception) and 57P (operator intervention), and 53300 too_many_connections.
const POSTGRES = /^(08\d{3}|57P0[1-4]|53300)$/;

export const UNAVAILABLE_MESSAGE = '系统繁忙，请稍后重试';

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'STORAGE_UNAVAILABLE') return true; // server/storage: the file store cannot answer
  if (typeof code === 'string' && (SQLITE_BUSY.has(code) || NETWORK.has(code) || POSTGRES.test(code))) return true;
  // pg-pool's own wording when no connection could be had in time, and pg's when a connection ended mid-query.
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}
