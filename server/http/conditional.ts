import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A weak validator for a reply built from `parts` (anything JSON can encode); one-shot hash, no Hash object per poll. */
export function etagOf(...parts: unknown[]): string {
  return `W/"${hash('sha1', JSON.stringify(parts), 'base64url')}"`;
}

/**
 * Conditional requests for the polls: sets the ETag and, when the caller already holds that version
 * (If-None-Match), answers 304 with no body. Returns true when the reply was sent.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (!held || !held.split(',').some((tag) => tag.trim() === etag)) return false;
  void reply.code(304).send();
  return true;
}
