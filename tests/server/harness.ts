// Builds the real app on a fresh, seeded database (SQLite in a temp dir, or a new PostgreSQL database when
// TEST_DATABASE_URL is set) and talks to it with app.inject. Server endpoint tests run once per database; the suites
// about files also run once on an S3-compatible server (BACKENDS).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { createConfigStore, type ConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import { openDatabase, type OpenedDatabase } from '../../server/db';
import { createStorage, type FileStorage } from '../../server/storage';
import { startS3Server, type TestS3 } from './s3-server';
import { copySeededSqlite, createSeededPostgres } from './seeded-template';
import { multipart } from './work-files';

export const CONFIG_DIR = path.resolve(import.meta.dirname, '../../config');
export const REFERENCE_DATE = new Date('2026-09-01T02:00:00Z');

export interface TestServer {
  app: FastifyInstance;
  opened: OpenedDatabase;
  /** The server's data directory (SQLite file, uploads on the local backend). */
  dataDir: string;
  /** Where the server keeps uploaded files (local disk, or the test's S3 server). */
  storage: FileStorage;
  /** The S3-compatible server the storage uses, when it is S3. */
  s3: TestS3 | null;
  /** Opens the same database again through a new handle: what a second server process would use. */
  reopen(): Promise<OpenedDatabase>;
  /** POST a form to /api/<name>. */
  post(name: string, form?: Record<string, string | number>, token?: string, host?: string): Promise<{ status: number; body: any }>;
  get(name: string, query?: Record<string, string | number>, token?: string, host?: string): Promise<{ status: number; body: any }>;
  /** POST a JSON body to /api/<name> (the contract's `body: json` calls). */
  postJson(name: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  /** Uploads a file as the student client does (multipart field `file`); the stored URL. */
  upload(token: string, filename: string, data: Buffer): Promise<string>;
  /** Signs in a teacher account of the seed (password teacher123). */
  teacherLogin(username?: string, schoolId?: number): Promise<string>;
  login(username?: string, password?: string, schoolId?: number): Promise<string>;
  close(): Promise<void>;
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server; `drop` removes it. */
export async function emptyPostgresDatabase(prefix = 'vsim_tmp'): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A database of its own, migrated and seeded (a copy of the run's seeded template: tests/server/seeded-template.ts). */
async function seededDatabase(kind: 'sqlite' | 'postgres'): Promise<{ opened: OpenedDatabase; dataDir: string; databaseUrl?: string; dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-api-'));
  if (kind === 'sqlite') {
    await copySeededSqlite(dataDir, REFERENCE_DATE);
    const opened = await openDatabase({ dataDir });
    return { opened, dataDir, dispose: async () => { await opened.close(); fs.rmSync(dataDir, { recursive: true, force: true }); } };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `vsim_api_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await createSeededPostgres(admin, base, name, REFERENCE_DATE);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ dataDir, databaseUrl: url.toString() });
  return {
    opened,
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      await opened.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type StorageKind = 'local' | 's3';

/**
 * The shipped config/ as the servers of one worker read it: nothing edits it during a run (tests that edit YAML work on
 * copies, which get a store of their own), and reading and validating it anew was ~0.3–0.4 s of CPU per test server.
 */
let shippedConfig: ConfigStore | undefined;
const configStoreOf = (configDir: string): ConfigStore =>
  configDir === CONFIG_DIR ? (shippedConfig ??= createConfigStore({ configDir })) : createConfigStore({ configDir });

/** `configDir`: a copy of config/ a test changed (defaults to the shipped one). */
export async function startTestServer(kind: 'sqlite' | 'postgres' = 'sqlite', options: Pick<AppOptions, 'sessions' | 'schoolFilesDir' | 'distDir' | 'trustProxy' | 'contentSources'> & { storage?: StorageKind; configDir?: string } = {}): Promise<TestServer> {
  const { storage: storageKind = 'local', configDir = CONFIG_DIR, ...appOptions } = options;
  const { opened, dataDir, databaseUrl, dispose } = await seededDatabase(kind);
  const s3 = storageKind === 's3' ? await startS3Server() : null;
  const storage = createStorage(s3 ? s3.settings : { kind: 'local' }, dataDir);
  const app = await buildApp({ db: opened.db, contract: loadContract(configDir), config: configStoreOf(configDir), dataDir, storage, ...appOptions });
  await app.ready();

  const headers = (token?: string, host?: string) => ({ ...(token && { authorization: `Bearer ${token}` }), host: host ?? 'localhost' });
  const server: TestServer = {
    app,
    opened,
    dataDir,
    storage,
    s3,
    reopen: () => openDatabase({ dataDir, databaseUrl }),
    async post(name, form = {}, token, host) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${name}`,
        headers: { ...headers(token, host), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async get(name, query = {}, token, host) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const res = await app.inject({ method: 'GET', url: `/api/${name}${qs ? `?${qs}` : ''}`, headers: headers(token, host) });
      return { status: res.statusCode, body: res.json() };
    },
    async postJson(name, body = {}, token) {
      const res = await app.inject({ method: 'POST', url: `/api/${name}`, headers: { ...headers(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      return { status: res.statusCode, body: res.json() };
    },
    async upload(token, filename, data) {
      const form = multipart('file', filename, data);
      const res = await app.inject({ method: 'POST', url: '/api/common/upload_file', payload: form.body, headers: { 'content-type': form.contentType, ...headers(token) } });
      return res.json().data.url as string;
    },
    async teacherLogin(username = 'teacher1', schoolId = 100002) {
      const res = await server.post('teacher/login', { username, password: 'teacher123', school_id: schoolId });
      if (res.body.code !== 200) throw new Error(`teacher login ${username} failed: ${res.body.message}`);
      return res.body.data.token as string;
    },
    async login(username = 'demo', password = 'demo123', schoolId = 100002) {
      const res = await server.post('user/login', { username, password, school_id: schoolId });
      if (res.body.code !== 200) throw new Error(`login ${username} failed: ${res.body.message}`);
      return res.body.data.token as string;
    },
    async close() {
      await app.close();
      await dispose();
      await s3?.close();
    },
  };
  return server;
}

/** The databases the endpoint suites run on: SQLite always, PostgreSQL where CI provides one. */
export const DATABASES: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface Backend {
  database: 'sqlite' | 'postgres';
  storage: StorageKind;
  label: string;
}

/**
 * The backends the file suites (uploads, limits and cleanup, the teacher's zip) run on: each database with files on
 * local disk, and once with an S3-compatible store (on PostgreSQL where CI provides one, the several-node set-up).
 */
export const BACKENDS: Backend[] = [
  ...DATABASES.map((database) => ({ database, storage: 'local' as const, label: database })),
  { database: DATABASES[DATABASES.length - 1], storage: 's3', label: `${DATABASES[DATABASES.length - 1]} + s3` },
];
