import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type onSendHookHandler } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import staticFiles from '@fastify/static';
import swagger from '@fastify/swagger';
import type { Db } from './db';
import { isApiPath, type Contract } from './contract';
import { apiCompression } from './http/api-compression';
import { installAuth } from './http/auth';
import { clientErrorHandler } from './http/client-errors';
import { frameworkErrors, installErrorHandling } from './http/envelope';
import { installRequestLog, requestId } from './http/request-log';
import { batchedStdout } from './http/log-stream';
import { installSecurityHeaders, type ContentSources } from './http/security-headers';
import { serveSpaIndex } from './http/spa-index';
import type { RouteContext } from './routes/define';
import { registerRoutes } from './routes';
import { configureSessions, type SessionSettings } from './services/sessions';
import { shareVersions } from './db/versions';
import type { SiteConfigSource } from './routes/system';
import { localStorage, type FileStorage } from './storage';

export interface AppOptions {
  db: Db;
  contract: Contract;
  config: SiteConfigSource;
  dataDir: string;
  /** Where uploaded files live; `<dataDir>/uploads` on this node's disk when absent. */
  storage?: FileStorage;
  /** Built client (vite build output); not served when absent (API-only, e.g. in server tests). */
  distDir?: string;
  /** Domain label of the school that serves hosts matching no school (plain localhost, an IP). */
  defaultDomain?: string;
  /** Structured JSON logs on stdout at this level (one line per request at `info`); none when unset. */
  logLevel?: string;
  /** Where log lines go (stdout when unset); tests read them from a stream. */
  logStream?: { write(line: string): unknown };
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): a hop count or a list of addresses/CIDRs.
   * Off by default: otherwise any client could choose the address that rate limits count.
   */
  trustProxy?: boolean | number | string;
  /** Secret partner platforms send to issue landing tickets; a development default when unset. */
  partnerSecret?: string;
  /** Idle timeout and validated-session cache (services/sessions.ts); defaults when absent. */
  sessions?: Partial<SessionSettings>;
  /** Where the platform console writes a new school's starting YAML (CONFIG_DIR/schools); no file when absent. */
  schoolFilesDir?: string;
  /** Sources the Content-Security-Policy allows besides this site (read per request; `security.contentSources`). */
  contentSources?: () => ContentSources;
}

export const DEV_PARTNER_SECRET = 'dev-partner-secret';
/** API replies smaller than this are not compressed. */
export const API_COMPRESS_THRESHOLD = 16 * 1024;

const SEED_ASSETS = path.resolve(import.meta.dirname, 'assets/seed');

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const logStream = opts.logLevel ? (opts.logStream ?? batchedStdout()) : undefined;
  const app = Fastify({
    logger: opts.logLevel ? { level: opts.logLevel, stream: logStream } : false,
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: true }), // installRequestLog writes one line instead
    trustProxy: (opts.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, allowUnionTypes: true, keywords: ['errorMessage'] } },
  });
  const defaultDomain = opts.defaultDomain ?? 'demo';

  installErrorHandling(app);
  installAuth(app);
  installRequestLog(app);
  await installSecurityHeaders(app, opts.contentSources);
  configureSessions(opts.db, opts.sessions ?? {});
  await shareVersions(opts.db); // migrations have run: writes now reach the other nodes through data_versions
  // gzip for the site and API replies: the main script shrinks from ~1.4 MB to ~450 KB on the wire. API replies of a few
  // KB (the polls, catalogue and score pages every student asks for) go as they are: gzip of a 3 KB reply cost more CPU
  // than the rest of the request (docs/benchmarks.md, issue 20); long lists and exports still shrink.
  // The API's own synchronous check (http/api-compression.ts) replaces @fastify/compress's hooks on its routes.
  const compression = { threshold: 1024, encodings: ['gzip', 'deflate'] as ('gzip' | 'deflate')[] };
  const compressApiReply = apiCompression(API_COMPRESS_THRESHOLD);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.compress !== undefined) return;
    route.compress = false;
    route.decompress = false; // browsers send no compressed bodies; the check was a hook on every call
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), compressApiReply as onSendHookHandler];
  });
  await app.register(compress, { global: true, ...compression });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: '虚拟仿真实训教学平台 API', version: '1.0.0', description: '回复统一为 {code, data, message}；code 200 表示成功。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });

  const ctx: RouteContext = { app, db: opts.db, contract: opts.contract };
  const storage = opts.storage ?? localStorage(path.join(opts.dataDir, 'uploads'));
  registerRoutes(ctx, { config: opts.config, defaultDomain, storage, partnerSecret: opts.partnerSecret ?? DEV_PARTNER_SECRET, schoolFilesDir: opts.schoolFilesDir });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(staticFiles, { root: SEED_ASSETS, prefix: '/assets/seed/', decorateReply: false, index: false });
  // The demo simulation's script and styles (its page is served per course at /sim/<id>); files, not inline code, so
  // the page runs under the site's Content-Security-Policy.
  await app.register(staticFiles, { root: path.resolve(import.meta.dirname, 'assets/sim'), prefix: '/sim/assets/', decorateReply: false, index: false, allowedPath: (file) => /\.(js|css)$/.test(file) });
  // Demo external applications (the landing page's 3D app) so the single sign-on flow runs locally.
  await app.register(staticFiles, { root: path.resolve(import.meta.dirname, 'assets/apps'), prefix: '/apps/', decorateReply: false, index: ['index.html'] });
  // /files/ (uploads) is served by server/routes/upload.ts from the storage: only to those who may see the file.
  if (storage.kind === 'local') fs.mkdirSync(path.join(opts.dataDir, 'uploads'), { recursive: true });
  if (opts.distDir && fs.existsSync(path.join(opts.distDir, 'index.html'))) {
    serveSpaIndex(app, opts.distDir);
    // The build's scripts and styles come gzipped already (`<file>.gz`, scripts/vite-precompress.ts): sent as they are.
    await app.register(staticFiles, { root: opts.distDir, prefix: '/', decorateReply: false, wildcard: true, index: false, preCompressed: true });
  }
  return app;
}
