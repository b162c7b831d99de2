import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import staticFiles from '@fastify/static';
import swagger from '@fastify/swagger';
import type { Db } from './db';
import type { Contract } from './contract';
import { installAuth } from './http/auth';
import { installErrorHandling } from './http/envelope';
import type { RouteContext } from './routes/define';
import { registerRoutes } from './routes';
import { configureSessions, type SessionSettings } from './services/sessions';
import type { SiteConfigSource } from './routes/system';

export interface AppOptions {
  db: Db;
  contract: Contract;
  config: SiteConfigSource;
  dataDir: string;
  /** Built client (vite build output); not served when absent (API-only, e.g. in server tests). */
  distDir?: string;
  /** Domain label of the school that serves hosts matching no school (plain localhost, an IP). */
  defaultDomain?: string;
  logger?: boolean;
  /** Secret partner platforms send to issue landing tickets; a development default when unset. */
  partnerSecret?: string;
  /** Idle timeout and validated-session cache (services/sessions.ts); defaults when absent. */
  sessions?: Partial<SessionSettings>;
}

export const DEV_PARTNER_SECRET = 'dev-partner-secret';

const SEED_ASSETS = path.resolve(import.meta.dirname, 'assets/seed');

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: 'warn' } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, allowUnionTypes: true, keywords: ['errorMessage'] } },
  });
  const defaultDomain = opts.defaultDomain ?? 'demo';

  installErrorHandling(app);
  installAuth(app);
  configureSessions(opts.db, opts.sessions ?? {});
  // gzip for the site and API replies: the main script shrinks from ~1.4 MB to ~450 KB on the wire.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: '虚拟仿真实训教学平台 API', version: '1.0.0', description: '回复统一为 {code, data, message}；code 200 表示成功。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });

  const ctx: RouteContext = { app, db: opts.db, contract: opts.contract };
  registerRoutes(ctx, { config: opts.config, defaultDomain, dataDir: opts.dataDir, partnerSecret: opts.partnerSecret ?? DEV_PARTNER_SECRET });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(staticFiles, { root: SEED_ASSETS, prefix: '/assets/seed/', decorateReply: false, index: false });
  // Demo external applications (the landing page's 3D app) so the single sign-on flow runs locally.
  await app.register(staticFiles, { root: path.resolve(import.meta.dirname, 'assets/apps'), prefix: '/apps/', decorateReply: false, index: ['index.html'] });
  // /files/ (uploads) is served by server/routes/upload.ts: only to the file's owner.
  fs.mkdirSync(path.join(opts.dataDir, 'uploads'), { recursive: true });
  if (opts.distDir && fs.existsSync(path.join(opts.distDir, 'index.html'))) {
    await app.register(staticFiles, { root: opts.distDir, prefix: '/', decorateReply: false, wildcard: true });
  }
  return app;
}
