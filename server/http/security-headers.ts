import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers on every reply (pages, the demo apps, files, the API), through @fastify/helmet:
 * a strict Content-Security-Policy — scripts only from this site's own files, never `eval` or inline code; styles from
 * its files plus the `<style>` elements Mantine writes, which carry this reply's nonce (index.html hands it to the
 * client, see spa-index.ts); framing only by this site — plus `nosniff`, a referrer policy, and HSTS when the request came
 * over HTTPS (`request.protocol`, which believes `X-Forwarded-Proto` only from the proxies `TRUST_PROXY` names).
 */

/** Extra sources an operator allows per directive (`security.contentSources` in app.yaml), e.g. a video host. */
export type ContentSources = Partial<Record<'img-src' | 'media-src' | 'frame-src' | 'connect-src' | 'font-src', string[]>>;

const STYLE_NONCE = Symbol('styleNonce');
type WithNonce = ServerResponse & { [STYLE_NONCE]?: string };

/** The nonce of this reply's `<style>` elements (a fresh one per request). */
export function styleNonce(reply: FastifyReply): string {
  const raw = reply.raw as WithNonce;
  raw[STYLE_NONCE] ??= randomBytes(16).toString('base64');
  return raw[STYLE_NONCE];
}

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function installSecurityHeaders(app: FastifyInstance, sources: () => ContentSources = () => ({})): Promise<void> {
  // A nonce for every reply before helmet writes the policy, so the page and its header agree.
  app.addHook('onRequest', async (_request, reply) => void styleNonce(reply));
  const extra = (name: keyof ContentSources) => (): string => (sources()[name] ?? []).join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", (_req, res) => `'nonce-${(res as WithNonce)[STYLE_NONCE]}'`],
        'img-src': ["'self'", 'data:', 'blob:', extra('img-src')],
        'media-src': ["'self'", 'blob:', extra('media-src')],
        'font-src': ["'self'", 'data:', extra('font-src')],
        'connect-src': ["'self'", extra('connect-src')],
        'frame-src': ["'self'", extra('frame-src')],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    // HSTS only over HTTPS (below); over plain HTTP it would be ignored at best.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Simulations open in a window of their own (another origin); the launching page keeps its handle to it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Images and files may be linked from the school's other sites.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
