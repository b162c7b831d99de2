import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type OpenedDatabase } from '../../server/db/index';
import { verifyPassword } from '../../server/db/password';
import { parseTimestamp } from '../../server/db/time';
import { isSeeded, seed, type SeedOptions } from '../../server/seed/index';

const REFERENCE = new Date('2025-03-10T04:00:00Z');
const ASSETS_DIR = path.resolve(__dirname, '../../server/assets');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function seededSqlite(options: SeedOptions = {}): Promise<OpenedDatabase & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-seed-'));
  const opened = await openDatabase({ dataDir: dir });
  cleanups.push(async () => {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  await migrate(opened.db);
  await seed(opened.db, { referenceDate: REFERENCE, ...options });
  return { ...opened, dir };
}

/** Every row of every table, in a stable order. */
async function dump(opened: OpenedDatabase): Promise<Record<string, unknown[]>> {
  const tables =
    opened.dialect === 'postgres'
      ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(opened.db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(opened.db)).rows;
  const out: Record<string, unknown[]> = {};
  // data_versions counts writes (once per statement on PostgreSQL, once per row on SQLite; migration 0021): not content.
  for (const { name } of tables.filter((t) => t.name !== 'data_versions').sort((a, b) => a.name.localeCompare(b.name))) {
    // Rows in the order of their whole content: the first two columns do not tell every table's rows apart (two
    // courses' roll-up rows of one school and month), and ties came back in either order on PostgreSQL.
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(opened.db)).rows;
    out[name] = rows.map((row) => [JSON.stringify(row), row] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
  return out;
}

describe('seed', () => {
  it('is deterministic: the same options give identical rows', async () => {
    const a = await seededSqlite({ students: 12, courses: 10 });
    const b = await seededSqlite({ students: 12, courses: 10 });
    const [rowsA, rowsB] = [await dump(a), await dump(b)];
    expect(rowsA.score_records.length).toBeGreaterThan(0);
    expect(rowsA).toEqual(rowsB);
    const other = await seededSqlite({ students: 12, courses: 10, seed: 7 });
    expect((await dump(other)).score_records).not.toEqual(rowsA.score_records);
  });

  it('creates the demo login and the special-state accounts', async () => {
    const { db } = await seededSqlite();
    const demo = await db.selectFrom('users').selectAll().where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ realname: '张晓雨', mobile: '13800000000', role: 'student', type: 1 });
    expect(await verifyPassword('demo123', demo.password_hash)).toBe(true);
    expect(await verifyPassword('demo1234', demo.password_hash)).toBe(false);
    const demoClass = await db.selectFrom('classes').selectAll().where('id', '=', demo.class_id!).executeTakeFirstOrThrow();
    expect(demoClass.probation_status).toBe(0);

    const state = async (username: string) =>
      db.selectFrom('users').leftJoin('classes', 'classes.id', 'users.class_id')
        .select(['users.type', 'users.password_hash', 'classes.probation_status', 'classes.probation_date'])
        .where('users.username', '=', username).executeTakeFirstOrThrow();
    const probation = await state('probation');
    expect(probation.probation_status).toBe(1);
    expect(parseTimestamp(probation.probation_date)!.getTime()).toBeGreaterThan(REFERENCE.getTime());
    expect((await state('expired')).probation_status).toBe(2);
    expect((await state('pending')).type).toBe(4);
    expect((await state('rejected')).type).toBe(5);
    expect(await verifyPassword('demo123', (await state('rejected')).password_hash)).toBe(true);

    const teacher = await db.selectFrom('users').selectAll().where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    expect(teacher.role).toBe('teacher');
    expect(teacher.realname).not.toBe('');
    expect(await verifyPassword('teacher123', teacher.password_hash)).toBe(true);
    expect(await db.selectFrom('users').select('id').where('role', '=', 'reviewer').executeTakeFirst()).toBeDefined();
  });

  it('builds the schools, the category tree and the catalogue the screens need', async () => {
    const { db } = await seededSqlite();
    const schools = await db.selectFrom('schools').select(['id', 'school_name', 'domain_name', 'type']).orderBy('id').execute();
    expect(schools).toEqual([
      { id: 100001, school_name: '省级虚拟仿真实验教学共享平台', domain_name: 'platform', type: '1' },
      { id: 100002, school_name: '华康医科大学', domain_name: 'demo', type: '0' },
      { id: 100045, school_name: '江南口腔医学院', domain_name: 'jnkq', type: '0' },
    ]);
    const categories = await db.selectFrom('learn_categories').selectAll().execute();
    for (const id of [2, 17]) expect(categories.find((c) => c.id === id)?.parent_id).not.toBe(0);
    expect(categories.some((c) => c.link === null)).toBe(true);

    const topLevel = await db.selectFrom('learns').selectAll().where('parent_learn_id', 'is', null).execute();
    expect(topLevel).toHaveLength(36);
    expect(topLevel.some((l) => l.user_count >= 10000)).toBe(true);
    expect(topLevel.some((l) => l.introduce.length > 20)).toBe(true);
    const children = await db.selectFrom('learns').select('parent_learn_id').where('parent_learn_id', 'is not', null).execute();
    expect(new Set(children.map((c) => c.parent_learn_id)).size).toBeGreaterThanOrEqual(2);
    const first = topLevel[0].id;
    expect(await db.selectFrom('learn_details').select('id').where('learn_id', '=', first).execute()).not.toHaveLength(0);
    const files = await db.selectFrom('learn_files').select('type').where('learn_id', '=', first).execute();
    expect(files.map((f) => f.type).sort()).toEqual(['image', 'image', 'image', 'video']);
  });

  it('gives the demo student a history: scores (incl. learns 13, 33, 141), favourites, messages, work', async () => {
    const { db } = await seededSqlite();
    const demoId = (await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
    const scores = await db.selectFrom('score_records').selectAll().where('user_id', '=', demoId).execute();
    expect(scores.length).toBeGreaterThanOrEqual(24);
    const table = JSON.parse(scores.find((s) => ![13, 33].includes(s.learn_id))!.detail);
    expect(table[0]).toContain('得分'); // header row first
    expect(JSON.parse(scores.find((s) => s.learn_id === 13)!.detail).every((p: string) => p.startsWith('/assets/'))).toBe(true);
    expect(scores.find((s) => s.learn_id === 141)?.first_module_time).toBeGreaterThan(0);
    for (const table of ['favorites', 'notifications', 'marks', 'topics'] as const) {
      const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', demoId).execute();
      expect(rows.length, table).toBeGreaterThan(0);
    }
    const conversations = await db.selectFrom('conversations').selectAll().where('student_id', '=', demoId).execute();
    expect(conversations.length).toBeGreaterThanOrEqual(2);
    expect(conversations.some((c) => c.status === 1 && c.last_author_id !== demoId)).toBe(true);
  });

  it("greets each teacher by the teacher's own surname in the demo student's seeded chats", async () => {
    const opened = await seededSqlite();
    const greetings = await opened.db
      .selectFrom('messages')
      .innerJoin('users as t', 't.id', 'messages.teacher_id')
      .innerJoin('users as s', 's.id', 'messages.student_id')
      .select(['messages.message', 't.realname'])
      .where('s.username', '=', 'demo')
      .where('messages.message', 'like', '%老师%')
      .whereRef('messages.author_id', '=', 'messages.student_id')
      .execute();
    const named = greetings.filter((g) => /^\S老师/.test(g.message));
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const g of named) expect(g.message[0], g.message).toBe(g.realname[0]);
  });

  it('scales with the size options', async () => {
    const { db } = await seededSqlite({ students: 30, courses: 50, scoresPerStudent: 4 });
    const count = async (query: any) => Number((await query.select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count(db.selectFrom('users').where('username', 'like', 'stu%'))).toBe(30);
    expect(await count(db.selectFrom('learns').where('parent_learn_id', 'is', null))).toBe(50);
    expect(await count(db.selectFrom('score_records'))).toBe(30 * 4 + 24);
  });

  it('points only at asset files that exist', async () => {
    const { db } = await seededSqlite();
    const paths = [
      ...(await db.selectFrom('learns').select('thum as p').execute()),
      ...(await db.selectFrom('learn_files').select('path as p').execute()),
      ...(await db.selectFrom('learn_resources').select('path as p').execute()),
      ...(await db.selectFrom('users').select('head_img as p').execute()),
      ...(await db.selectFrom('schools').select('school_logo as p').execute()),
    ].map((r) => r.p);
    for (const p of new Set(paths)) {
      expect(p, p).toMatch(/^\/assets\/seed\//);
      expect(fs.existsSync(path.join(ASSETS_DIR, p.replace('/assets/', ''))), p).toBe(true);
    }
  });

  it('CLI refuses to seed a database that already has data', async () => {
    const { dir, close } = await seededSqlite({ students: 1, courses: 1 });
    await close();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts'], {
      cwd: path.resolve(__dirname, '../..'), env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('--reset');
    const reopened = await openDatabase({ dataDir: dir });
    expect(await isSeeded(reopened.db)).toBe(true);
    await reopened.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
// Runs only where a PostgreSQL server is provided (CI sets TEST_DATABASE_URL).
if (pgUrl) describe('seed on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('writes exactly the rows it writes on SQLite, and new rows get fresh ids', async () => {
    const name = `vsim_seed_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
    try {
      await migrate(opened.db);
      await seed(opened.db, { referenceDate: REFERENCE, students: 12, courses: 10 });
      const lite = await seededSqlite({ students: 12, courses: 10 });
      expect(await dump(opened)).toEqual(await dump(lite));
      const row = await opened.db.insertInto('learn_categories').values({ name: '新增' }).returning('id').executeTakeFirstOrThrow();
      expect(row.id).toBeGreaterThan(20);
    } finally {
      await opened.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
