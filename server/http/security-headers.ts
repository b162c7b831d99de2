import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from '../contract';

/**
 * Security headers on every reply. Pages, the demo apps and files get a strict Content-Security-Policy — scripts only
 * from this site's own files, never `eval` or inline code; styles from its files plus the `<style>` elements Mantine
 * writes, which carry this reply's nonce (index.html hands it to the client, see spa-index.ts); framing only by this
 * site — plus `nosniff`, a referrer policy and helmet's other defaults. The API's JSON replies (and its 304s) are never
 * rendered as a document: they get a policy that allows nothing (`default-src 'none'`), no framing, `nosniff` and the
 * resource policy, and none of the document-only headers — the polls every online student sends are mostly headers
 * (docs/benchmarks.md, issue 20). HSTS on both when the request came over HTTPS (`request.protocol`, which believes
 * `X-Forwarded-Proto` only from the proxies `TRUST_PROXY` names).
 *
 * Written by one synchronous onSend hook (when the reply's type is known) from strings built once: @fastify/helmet
 * built helmet's whole middleware again for every request (parsing the policy, dashifying names), a tenth of an API
 * call's CPU.
 */

/** Extra sources an operator allows per directive (`security.contentSources` in app.yaml), e.g. a video host. */
export type ContentSources = Partial<Record<'img-src' | 'media-src' | 'frame-src' | 'connect-src' | 'font-src', string[]>>;

const STYLE_NONCE = Symbol('styleNonce');
type WithNonce = ServerResponse & { [STYLE_NONCE]?: string };

// Nonces are cut from a buffer of fresh random bytes, 16 bytes each and never reused: one randomBytes call per 256
// replies instead of one per reply.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = POOL_BYTES;
function freshNonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 16;
  return pool.toString('base64', used - 16, used);
}

/** The nonce of this reply's `<style>` elements (a fresh one per request). */
export function styleNonce(reply: FastifyReply): string {
  const raw = reply.raw as WithNonce;
  raw[STYLE_NONCE] ??= freshNonce();
  return raw[STYLE_NONCE];
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Sent with every reply. */
const COMMON_HEADERS: [string, string][] = [
  // Images and files may be linked from the school's other sites.
  ['cross-origin-resource-policy', 'same-site'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
];

/** What helmet sends by default besides the policy and HSTS, with this site's choices: for what a browser may render. */
const DOCUMENT_HEADERS: [string, string][] = [
  ...COMMON_HEADERS,
  // Simulations open in a window of their own (another origin); the launching page keeps its handle to it.
  ['cross-origin-opener-policy', 'same-origin-allow-popups'],
  ['origin-agent-cluster', '?1'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** An API reply's data is read by this site's script, never shown as a page, framed or allowed to load anything. */
export const API_POLICY = "default-src 'none';frame-ancestors 'none'";
const API_HEADERS: [string, string][] = [...COMMON_HEADERS, ['x-frame-options', 'DENY'], ['content-security-policy', API_POLICY]];

/** A JSON reply of the API, or one of its bodiless replies (a poll's 304). */
function isApiData(url: string, contentType: unknown, status: number): boolean {
  if (!isApiPath(url)) return false;
  if (contentType === undefined) return status === 304 || status === 204;
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

const NONCE = '\u0000';
function policyTemplate(sources: ContentSources): string[] {
  const extra = (name: keyof ContentSources) => sources[name] ?? [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", `'nonce-${NONCE}'`]],
    ['img-src', ["'self'", 'data:', 'blob:', ...extra('img-src')]],
    ['media-src', ["'self'", 'blob:', ...extra('media-src')]],
    ['font-src', ["'self'", 'data:', ...extra('font-src')]],
    ['connect-src', ["'self'", ...extra('connect-src')]],
    ['frame-src', ["'self'", ...extra('frame-src')]],
    ['frame-ancestors', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  // A source with a separator or a quote in it could add a directive of its own: such a source is left out.
  const policy = directives.map(([name, values]) => [name, ...values.filter((v) => !/[;,\s"]/.test(v))].join(' ')).join(';');
  return policy.split(NONCE);
}

export async function installSecurityHeaders(app: FastifyInstance, sources: () => ContentSources = () => ({})): Promise<void> {
  // The policy around the nonce, built again only when the configured sources change (a new object).
  let builtFor: ContentSources | undefined;
  let template: string[] = [];
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = reply.raw;
    if (isApiData(request.url, reply.getHeader('content-type'), reply.statusCode)) {
      for (const [name, value] of API_HEADERS) raw.setHeader(name, value);
    } else {
      const current = sources();
      if (current !== builtFor) {
        template = policyTemplate(current);
        builtFor = current;
      }
      for (const [name, value] of DOCUMENT_HEADERS) raw.setHeader(name, value);
      raw.setHeader('content-security-policy', template.join(styleNonce(reply)));
    }
    if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
    done(null, payload);
  });
}
