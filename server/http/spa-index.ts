import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { styleNonce } from './security-headers';

/** What vite.config.ts (`html.cspNonce`) writes where each reply's nonce goes. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The built site's index.html at `/` and `/index.html`, with this reply's style nonce in place of the placeholder
 * (the `<meta property="csp-nonce">` the client hands to Mantine, and the tags Vite wrote). Never cached: a cached
 * page would carry an old nonce under a new policy. Read again when the file changes (a new build deployed in place).
 */
export function serveSpaIndex(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, 'index.html');
  let read = { mtimeMs: -1, parts: [] as string[] };
  const parts = () => {
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== read.mtimeMs) read = { mtimeMs, parts: fs.readFileSync(file, 'utf8').split(NONCE_PLACEHOLDER) };
    return read.parts;
  };
  const handler = async (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(parts().join(styleNonce(reply)));
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/index.html', { schema: { hide: true } }, handler);
}
