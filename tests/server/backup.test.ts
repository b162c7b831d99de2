// The restore drill an operator runs: back up a live platform (database and uploads), lose it, restore, and log in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import { openDatabase, type Db } from '../../server/db';
import { backup, restore } from '../../server/ops/backup';
import { createStorage } from '../../server/storage';
import { CONFIG_DIR, DATABASES, emptyPostgresDatabase, startTestServer } from './harness';
import { startS3Server } from './s3-server';
import { PNG } from './work-files';

const counts = async (db: Db) => ({
  users: Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  scores: Number((await db.selectFrom('score_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  sessions: Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
});

describe.each(DATABASES)('backup and restore on %s', (kind) => {
  it('restores the database and the uploaded files of a running platform; a student logs in on the restored copy', async () => {
    const server = await startTestServer(kind);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-backup-'));
    const target = kind === 'postgres' ? await emptyPostgresDatabase('vsim_restore') : null;
    try {
      const token = await server.login();
      fs.mkdirSync(path.join(server.dataDir, 'uploads', 'ab'), { recursive: true });
      const photo = Buffer.from('homework photo bytes');
      fs.writeFileSync(path.join(server.dataDir, 'uploads', 'ab', 'abcdef.jpg'), photo);
      const sourceUrl = kind === 'postgres' ? await currentUrl(server.opened.db) : undefined;

      // The platform keeps answering (and writing) while the backup runs.
      const [manifest] = await Promise.all([backup({ dataDir: server.dataDir, databaseUrl: sourceUrl }, path.join(work, 'backup')), server.post('user/get_info', {}, token)]);
      expect(manifest.database).toBe(kind);
      expect(manifest.uploads).toBe(1);
      const before = await counts(server.opened.db);

      const restoredDir = path.join(work, 'restored');
      await restore(path.join(work, 'backup'), { dataDir: restoredDir, databaseUrl: target?.url });
      expect(fs.readFileSync(path.join(restoredDir, 'uploads', 'ab', 'abcdef.jpg'))).toEqual(photo);
      const opened = await openDatabase({ dataDir: restoredDir, databaseUrl: target?.url });
      try {
        expect(await counts(opened.db)).toEqual(before);
        const app = await buildApp({ db: opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir: restoredDir });
        const login = await app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=demo&password=demo123&school_id=100002' });
        expect(login.json().code).toBe(200);
        // A session issued before the backup is still valid on the restored copy.
        const info = await app.inject({ method: 'POST', url: '/api/user/get_info', headers: { authorization: `Bearer ${token}` } });
        expect(info.json().data.username).toBe('demo');
        await app.close();
      } finally {
        await opened.close();
      }
      // A second restore over a live SQLite file needs --force (PostgreSQL's pg_restore --clean replaces by design).
      if (kind === 'sqlite') await expect(restore(path.join(work, 'backup'), { dataDir: restoredDir })).rejects.toThrow(/--force/);
    } finally {
      await server.close();
      await target?.drop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('backup and restore with an S3 bucket', () => {
  it('copies every object of the bucket into the backup and puts them into an empty bucket on restore', async () => {
    const server = await startTestServer('sqlite', { storage: 's3' });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-backup-s3-'));
    const empty = await startS3Server();
    try {
      const token = await server.login();
      const url = await server.upload(token, '作品.png', PNG);
      const manifest = await backup({ dataDir: server.dataDir, storage: server.storage }, path.join(work, 'backup'));
      expect(manifest).toMatchObject({ database: 'sqlite', storage: 's3', uploads: 1 });
      expect(fs.readFileSync(path.join(work, 'backup', 'uploads', url.slice('/files/'.length)))).toEqual(PNG);

      // The loss: a new bucket and a new data folder; the restore fills both.
      const restoredDir = path.join(work, 'restored');
      const storage = createStorage(empty.settings, restoredDir);
      await restore(path.join(work, 'backup'), { dataDir: restoredDir, storage });
      const opened = await openDatabase({ dataDir: restoredDir });
      const app = await buildApp({ db: opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir: restoredDir, storage });
      try {
        const file = await app.inject({ method: 'GET', url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(PNG)).toBe(true);
        expect(fs.existsSync(path.join(restoredDir, 'uploads', url.slice('/files/'.length)))).toBe(false);
      } finally {
        await app.close();
        await opened.close();
      }
    } finally {
      await server.close();
      await empty.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});

/** The connection URL of the harness's PostgreSQL database (its name is generated per test server). */
async function currentUrl(db: Db): Promise<string> {
  const { sql } = await import('kysely');
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0].name;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
