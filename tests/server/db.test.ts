import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../server/db/migrations';
import { migrate, openDatabase, type OpenedDatabase } from '../../server/db/index';
import { hashPassword, verifyPassword } from '../../server/db/password';
import { formatTimestamp, fromNow, now, parseTimestamp } from '../../server/db/time';

const TABLES = [
  'schools', 'departments', 'majors', 'grades', 'classes', 'users', 'sessions', 'learn_categories', 'learns',
  'learn_details', 'learn_files', 'learn_resources', 'class_learns', 'favorites', 'conversations', 'messages',
  'score_records', 'report_months', 'report_students', 'assignments', 'assignment_classes', 'assignment_questions', 'marks', 'tasks', 'task_classes',
  'task_records', 'theory_tests', 'theory_test_classes', 'theory_questions', 'theory_attempts', 'theory_answers',
  'topics', 'questionnaires', 'questionnaire_answers', 'notifications', 'articles', 'uploads', 'verification_codes',
  'captchas', 'qr_scenes', 'launch_tokens', 'partner_tickets', 'rate_limits',
].sort();

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshSqlite(): Promise<OpenedDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-db-'));
  const opened = await openDatabase({ dataDir: dir });
  cleanups.push(async () => {
    await opened.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return opened;
}

/** A brand-new PostgreSQL database for this run, dropped afterwards. */
async function freshPostgres(baseUrl: string): Promise<OpenedDatabase> {
  const name = `vsim_db_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const opened = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  cleanups.push(async () => {
    await opened.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return opened;
}

async function columnsOf(opened: OpenedDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows =
      opened.dialect === 'postgres'
        ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(opened.db)).rows
        : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(opened.db)).rows;
    out[table] = rows.map((r) => r.name).sort();
  }
  return out;
}

async function behavesLikeTheSchema(opened: OpenedDatabase) {
  const { db } = opened;
  expect(await migrate(db, opened.dialect)).toEqual(Object.keys(migrations).sort());
  expect(Object.keys(migrations).slice(0, 3)).toEqual(['0001_core', '0002_assessment', '0003_platform']);
  expect(await migrate(db, opened.dialect)).toEqual([]); // already up to date

  const school = await db.insertInto('schools').values({ school_name: '测试学校', domain_name: 'test' }).returningAll().executeTakeFirstOrThrow();
  expect(school.type).toBe('0');
  expect(school.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // The database default is Shanghai time: within a minute of the app's own clock.
  expect(Math.abs(parseTimestamp(school.created_at)!.getTime() - Date.now())).toBeLessThan(60_000);

  const user = { school_id: school.id, role: 'student' as const, username: 'alice', password_hash: 'x' };
  const inserted = await db.insertInto('users').values(user).returning(['id', 'type', 'login_count']).executeTakeFirstOrThrow();
  expect(inserted).toMatchObject({ type: 1, login_count: 0 });
  await expect(db.insertInto('users').values(user).execute()).rejects.toThrow(); // unique per school
  await expect(db.insertInto('departments').values({ school_id: 999, department_name: '无' }).execute()).rejects.toThrow(); // foreign key

  const count = await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  expect(count.n).toBe(1); // a number on both databases, not PostgreSQL's bigint string
}

describe('migrations on SQLite', () => {
  it('create every table with defaults, unique keys and foreign keys enforced', async () => {
    const opened = await freshSqlite();
    expect(opened.dialect).toBe('sqlite');
    await behavesLikeTheSchema(opened);
    expect(Object.keys(await columnsOf(opened)).filter((t) => TABLES.includes(t))).toHaveLength(TABLES.length);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(opened.db);
    expect(mode.rows[0].journal_mode).toBe('wal');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
// Runs only where a PostgreSQL server is provided (CI sets TEST_DATABASE_URL).
if (pgUrl) describe('migrations on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('create the same tables and columns as on SQLite and behave the same', async () => {
    const opened = await freshPostgres(pgUrl!);
    expect(opened.dialect).toBe('postgres');
    await behavesLikeTheSchema(opened);
    const lite = await freshSqlite();
    await migrate(lite.db);
    expect(await columnsOf(opened)).toEqual(await columnsOf(lite));
  });
});

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('demo123');
    expect(hash).not.toContain('demo123');
    expect(await verifyPassword('demo123', hash)).toBe(true);
    expect(await verifyPassword('demo124', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and treats an unreadable hash as a mismatch', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    expect(await verifyPassword('demo123', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('demo123', 'scrypt$16384$8$1$AAAA$short')).toBe(false);
  });
});

describe('timestamps', () => {
  it('format in Asia/Shanghai and parse back', () => {
    expect(formatTimestamp(new Date('2024-01-31T16:30:05Z'))).toBe('2024-02-01 00:30:05');
    expect(parseTimestamp('2024-02-01 00:30:05')!.toISOString()).toBe('2024-01-31T16:30:05.000Z');
    expect(parseTimestamp('2024-02-01')!.toISOString()).toBe('2024-01-31T16:00:00.000Z');
    expect(parseTimestamp('yesterday')).toBeNull();
    expect(parseTimestamp('2024-02-30 10:00:00')).toBeNull();
    expect(now()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(fromNow(3600) > now()).toBe(true);
  });
});
