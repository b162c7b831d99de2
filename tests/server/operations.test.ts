// What an operator relies on to run the platform: liveness and readiness, one log line per request with its id,
// 503 instead of 500 when the database cannot answer, pruning of expired rows, a production start that refuses
// development defaults, and nodes that migrate and seed safely when they start together.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readSettings } from '../../server/boot/settings';
import { prepareDatabase } from '../../server/boot/prepare';
import { createConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import { openDatabase, type Database } from '../../server/db';
import { formatTimestamp } from '../../server/db/time';
import { runHousekeeping } from '../../server/services/housekeeping';
import { freePort } from '../e2e/server';
import { CONFIG_DIR, DATABASES, emptyPostgresDatabase, startTestServer, type TestServer } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (offsetSeconds: number) => formatTimestamp(new Date(Date.now() + offsetSeconds * 1000));

describe.each(DATABASES)('operations on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('answers health without the database and ready when database and storage answer', async () => {
    expect((await server.get('health')).body.data).toEqual({ status: 'ok' });
    const ready = await server.get('ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready' });
  });

  it('prunes expired captchas, codes, scenes, tickets, tokens, sessions, counters and import previews, keeps live ones, and is idempotent', async () => {
    const { db } = server.opened;
    const { id: user, school_id: school } = await db.selectFrom('users').select(['id', 'school_id']).where('username', '=', 'demo').executeTakeFirstOrThrow();
    const old = at(-10 * 24 * 3600);
    const live = at(3600);
    for (const [key, expires] of [['old-captcha', old], ['live-captcha', live]]) await db.insertInto('captchas').values({ key, answer_hash: 'x', expires_at: expires }).execute();
    for (const [key, expires] of [['old-code', old], ['live-code', live]]) await db.insertInto('verification_codes').values({ mobile: '13900000000', purpose: 'register', key, code_hash: 'x', expires_at: expires }).execute();
    for (const [scene_id, expires] of [['old-scene', old], ['live-scene', live]]) await db.insertInto('qr_scenes').values({ scene_id, expires_at: expires }).execute();
    for (const [ticket_hash, expires] of [['old-ticket', old], ['live-ticket', live]]) await db.insertInto('partner_tickets').values({ partner: 'p', ticket_hash, user_id: user, expires_at: expires }).execute();
    for (const [token_hash, expires] of [['old-launch', old], ['live-launch', live]]) await db.insertInto('launch_tokens').values({ token_hash, user_id: user, expires_at: expires }).execute();
    await db.insertInto('sessions').values({ user_id: user, token_hash: 'expired-session', expires_at: old }).execute();
    await db.insertInto('sessions').values({ user_id: user, token_hash: 'revoked-long-ago', expires_at: live, revoked_at: old }).execute();
    await db.insertInto('sessions').values({ user_id: user, token_hash: 'live-session', expires_at: live }).execute();
    await db.insertInto('rate_limits').values({ key: 'old-window', count: 3, window_start: old }).execute();
    await db.insertInto('rate_limits').values({ key: 'still-blocked', count: 9, window_start: old, blocked_until: live }).execute();
    await db.insertInto('rate_limits').values({ key: 'live-window', count: 1, window_start: at(-60) }).execute();
    // Import previews (for accounts: generated initial passwords) last 24 hours from upload.
    const previews: Record<string, { account: number; question: number }> = {};
    for (const [name, created] of [['expired', at(-25 * 3600)], ['fresh', at(-23 * 3600)]]) {
      const rows = JSON.stringify([{ username: `prune-${name}`, initial: 'k3y9q2m7x1' }]);
      const account = await db.insertInto('account_imports').values({ school_id: school, admin_id: user, role: 'student', rows, created_at: created }).returning('id').executeTakeFirstOrThrow();
      const question = await db.insertInto('question_imports').values({ teacher_id: user, rows, created_at: created }).returning('id').executeTakeFirstOrThrow();
      previews[name] = { account: account.id, question: question.id };
    }

    const first = await runHousekeeping(db);
    for (const task of ['captchas', 'verification_codes', 'qr_scenes', 'partner_tickets', 'launch_tokens', 'rate_limits']) expect(first[task], task).toBeGreaterThanOrEqual(1);
    expect(first.sessions).toBeGreaterThanOrEqual(2);
    expect(first.import_previews).toBeGreaterThanOrEqual(2);
    const accountPreviews = (await db.selectFrom('account_imports').select('id').execute()).map((r) => r.id);
    const questionPreviews = (await db.selectFrom('question_imports').select('id').execute()).map((r) => r.id);
    expect(accountPreviews).toContain(previews.fresh.account);
    expect(accountPreviews).not.toContain(previews.expired.account);
    expect(questionPreviews).toContain(previews.fresh.question);
    expect(questionPreviews).not.toContain(previews.expired.question);

    const keys = async (table: 'captchas' | 'verification_codes' | 'rate_limits', column: 'key') => (await db.selectFrom(table).select(column).execute()).map((r) => r[column]);
    expect(await keys('captchas', 'key')).toContain('live-captcha');
    expect(await keys('captchas', 'key')).not.toContain('old-captcha');
    expect(await keys('verification_codes', 'key')).toEqual(expect.arrayContaining(['live-code']));
    expect(await keys('verification_codes', 'key')).not.toContain('old-code');
    expect((await db.selectFrom('qr_scenes').select('scene_id').execute()).map((r) => r.scene_id)).toEqual(expect.arrayContaining(['live-scene']));
    expect((await db.selectFrom('qr_scenes').select('scene_id').execute()).map((r) => r.scene_id)).not.toContain('old-scene');
    const sessions = (await db.selectFrom('sessions').select('token_hash').execute()).map((r) => r.token_hash);
    expect(sessions).toContain('live-session');
    expect(sessions).not.toContain('expired-session');
    expect(sessions).not.toContain('revoked-long-ago');
    expect(await keys('rate_limits', 'key')).toEqual(expect.arrayContaining(['still-blocked', 'live-window']));
    expect(await keys('rate_limits', 'key')).not.toContain('old-window');

    const second = await runHousekeeping(db);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    // The seeded student's own session (from other tests' logins) still works after pruning.
    const token = await server.login();
    expect((await server.post('user/get_info', {}, token)).body.code).toBe(200);
  });

  it('keeps a plain X-Request-Id from the caller and replaces one that could forge log lines', async () => {
    const kept = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const forged = await server.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x"} {"level":60' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request log', () => {
  it('writes one line per request at info with id, method, route, user, status and duration', async () => {
    const server = await startTestServer('sqlite');
    const lines: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunk.toString().split('\n').filter(Boolean).forEach((l) => lines.push(JSON.parse(l))));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-log-'));
    const app = await buildApp({ db: server.opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir, logLevel: 'info', logStream: stream });
    try {
      const token = await server.login();
      await app.inject({ method: 'POST', url: '/api/user/get_info', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-1' } });
      await new Promise((r) => setImmediate(r));
      const line = lines.find((l) => l.reqId === 'trace-1' && l.msg === 'request');
      const user = await server.opened.db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
      expect(line).toMatchObject({ level: 30, method: 'POST', route: '/api/user/get_info', userId: user.id, status: 200 });
      expect(typeof line?.ms).toBe('number');
    } finally {
      await app.close();
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a database that cannot answer', () => {
  it('SQLite locked by another process: a write answers 503 系统繁忙 quickly, health is not stalled', async () => {
    const server = await startTestServer('sqlite');
    // The route's first call compiles and warms it (seconds on a loaded machine): not what is measured here.
    expect((await server.post('user/login', { username: 'demo', password: 'demo123', school_id: 100002 })).status).toBe(200);
    // Another connection (a backup tool, a seed run, a second process) holds the write lock.
    const other = new SQLite(path.join(server.dataDir, 'app.sqlite'));
    other.exec('begin immediate');
    try {
      const started = Date.now();
      const reply = await server.post('user/login', { username: 'demo', password: 'demo123', school_id: 100002 });
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ code: 503, message: '系统繁忙，请稍后重试' });
      expect(Date.now() - started).toBeLessThan(3000);
      const health = Date.now();
      expect((await server.get('health')).status).toBe(200);
      expect(Date.now() - health).toBeLessThan(500);
    } finally {
      other.exec('rollback');
      other.close();
      await server.close();
    }
  });

  it('PostgreSQL refusing connections: login and ready answer 503, health 200', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody:nothing@127.0.0.1:1/none', max: 2, connectionTimeoutMillis: 1000 });
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-down-'));
    const app = await buildApp({ db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=demo&password=demo123&school_id=100002' });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ code: 503, message: '系统繁忙，请稍后重试' });
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toContain('数据库');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * Runs server/main.ts with the given environment until it prints `until` or exits; returns its output and exit code
 * then, what it has printed since (`printed()`), and `exited`.
 */
function runMain(env: Record<string, string>, until: RegExp): Promise<{ output: string; code: number | null; stop(): void; printed(): string; exited: Promise<void> }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((ended) => child.on('exit', () => ended()));
    const done = (code: number | null) => resolve({ output, code, stop: () => child.kill('SIGTERM'), printed: () => output, exited });
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (until.test(output)) done(null);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => done(code));
  });
}

describe('production start', () => {
  it('reads development defaults as problems in production, and seeds the demo only when asked', () => {
    const dev = readSettings({}, ROOT);
    expect(dev.problems).toEqual([]);
    expect(dev.settings.seedDemo).toBe(true);
    const prod = readSettings({ NODE_ENV: 'production', DEV_HOOKS: '1', SMS_PROVIDER: 'dev', DATABASE_POOL_SIZE: 'many' }, ROOT);
    expect(prod.problems.map((p) => p.variable).sort()).toEqual(['DATABASE_POOL_SIZE', 'DEV_HOOKS', 'LANDING_PARTNER_SECRET', 'SMS_PROVIDER']);
    expect(prod.settings.seedDemo).toBe(false);
    expect(readSettings({ NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'dev-partner-secret' }, ROOT).problems.map((p) => p.variable)).toEqual(['LANDING_PARTNER_SECRET']);
    const good = readSettings({ NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'a-real-secret-of-some-length' }, ROOT);
    expect(good.problems).toEqual([]);
    expect(readSettings({ NODE_ENV: 'production', LANDING_PARTNER_SECRET: 'a-real-secret-of-some-length', SEED_DEMO: '1' }, ROOT).settings.seedDemo).toBe(true);
  });

  it('refuses to start with development defaults, saying what is missing in Chinese and English, and writes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-prod-'));
    try {
      const run = await runMain({ NODE_ENV: 'production', DATA_DIR: dataDir }, /平台已启动/);
      expect(run.code).toBe(1);
      expect(run.output).toContain('服务未启动');
      expect(run.output).toContain('LANDING_PARTNER_SECRET');
      expect(run.output).toContain('missing or still the development default');
      expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('starts with real settings on an empty database without seeding the demo school or printing a demo login; its request log reaches stdout in batches, the last lines on shutdown', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-prod-'));
    try {
      const port = await freePort();
      const run = await runMain({ NODE_ENV: 'production', DATA_DIR: dataDir, LANDING_PARTNER_SECRET: 'a-real-secret-of-some-length', LOG_LEVEL: 'info', PORT: String(port) }, /数据库: /);
      const ask = (id: string) => fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'x-request-id': id } });
      const lineOf = (id: string) => run.printed().split('\n').find((l) => l.includes(`"reqId":"${id}"`));
      await ask('log-probe-1');
      await expect.poll(() => lineOf('log-probe-1'), { timeout: 3_000, interval: 50 }).toBeDefined();
      expect(JSON.parse(lineOf('log-probe-1')!)).toMatchObject({ msg: 'request', method: 'GET', url: '/api/health', status: 200 });
      await ask('log-probe-2');
      run.stop();
      await run.exited;
      expect(lineOf('log-probe-2')).toBeDefined();
      expect(run.output).toContain('平台已启动');
      expect(run.output).not.toContain('演示账号');
      expect(run.output).toContain('npm run seed -- --demo');
      // No SMS gateway configured: said at start, since registration and password recovery cannot send codes.
      expect(run.output).toContain('短信通道: 未配置');
      const db = new SQLite(path.join(dataDir, 'app.sqlite'), { readonly: true });
      try {
        expect(db.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('nodes starting together on one PostgreSQL', () => {
  it('migrate and seed once, without a duplicate-key failure on either node', async () => {
    const database = await emptyPostgresDatabase('vsim_boot');
    const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-node-')));
    const nodes = await Promise.all(dirs.map((dataDir) => openDatabase({ dataDir, databaseUrl: database.url })));
    try {
      const results = await Promise.all(nodes.map((opened) => prepareDatabase(opened, { seedDemo: true })));
      expect(results.filter((r) => r.seeded).length).toBe(1);
      const schools = await nodes[0].db.selectFrom('schools').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(schools.n)).toBeGreaterThan(0);
    } finally {
      for (const opened of nodes) await opened.close();
      await database.drop();
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    }
  }, 120_000);
});
