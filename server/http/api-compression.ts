import { Negotiator } from '@fastify/accept-negotiator';
import { deflate, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Reply types worth compressing (what @fastify/compress compresses by default, for the types the API sends). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|[^;]*\+(json|xml))/i;

/** gzip or deflate by the caller's Accept-Encoding, with the negotiator @fastify/compress uses (no cache: headers come from clients). */
const encodings = new Negotiator({ supportedValues: ['gzip', 'deflate'] });

/**
 * The API's compression, one synchronous onSend hook: a reply under `threshold` bytes (every poll, page and save)
 * goes as it is after a length check; a larger JSON or text reply is gzipped (or deflated, off the event loop) when the
 * caller accepts it.
 * It replaces @fastify/compress's onRequest and onSend hooks on API routes (the onSend parsed Accept-Encoding and read
 * three headers before looking at the size, on every API call: issue 20); its request-decompression hook stays.
 */
export function apiCompression(threshold: number) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookHandlerDoneFunction & ((err: Error | null, value?: unknown) => void)) => {
    // A UTF-16 code unit is at most 3 bytes of UTF-8: most replies are decided without counting bytes.
    const small = typeof payload === 'string'
      ? payload.length * 3 < threshold || Buffer.byteLength(payload) < threshold
      : !Buffer.isBuffer(payload) || payload.length < threshold; // streams (zip exports) go as they are
    if (small || reply.statusCode === 206 || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? 'application/json'))) return done(null, payload);
    const header = request.headers['accept-encoding'];
    const encoding = header ? encodings.negotiate(header) : null;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (!encoding) return done(null, payload);
    // On zlib's thread pool: a large reply (the whole catalogue, the site configuration) does not hold the event loop.
    (encoding === 'gzip' ? gzip : deflate)(payload as string | Buffer, (error, body) => {
      if (error) return done(error);
      reply.header('content-encoding', encoding).header('content-length', body.length);
      done(null, body);
    });
  };
}
