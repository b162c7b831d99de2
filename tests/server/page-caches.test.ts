import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createConfigStore } from '../../server/config';
import { loadContract } from '../../server/contract';
import type { OpenedDatabase } from '../../server/db';
import { SHARED_TABLES } from '../../server/db/versions';
import { adminPeople } from './admin-fixture';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

/**
 * The catalogue and results pages are cached per class / student until the tables they come from are written
 * (server/db/versions.ts, issue 20). A write through this server is seen by the very next request, one through
 * another server on the same database within about a second, and a class never gets another class's page.
 */
describe.each(DATABASES)('page caches on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  // A second server process on the same database (its own handle, caches and write counters).
  let other: { app: FastifyInstance; opened: OpenedDatabase };
  let first: { id: number; username: string; class_id: number | null };
  let second: typeof first;
  let mine: string;
  let theirs: string;
  let categoryId: number;
  const db = () => s.opened.db;

  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const catalogue = async (token: string, form: Record<string, string | number> = { page: 1 }) => ok(await s.post('learn/get', form, token));
  const onOther = async (name: string, form: Record<string, string | number>, token: string) => {
    const res = await other.app.inject({ method: 'POST', url: `/api/${name}`, headers: { authorization: `Bearer ${token}`, host: 'localhost' }, payload: form });
    return res.json().data;
  };
  let serial = 0;
  const newCourse = async (extra: Record<string, unknown> = {}) => {
    const name = `缓存测试课程${++serial}`;
    const id = ok(await s.postJson('admin/course/save', { name, category_id: categoryId, state: 1, url: '/sim/1', ...extra }, people.adminA)).id as number;
    return { id, name };
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
    const opened = await s.reopen();
    other = { app: await buildApp({ db: opened.db, contract: loadContract(CONFIG_DIR), config: createConfigStore({ configDir: CONFIG_DIR }), dataDir: s.dataDir }), opened };
    // Two students of the demo school in different classes (not on trial), signed in with the demo password.
    const rows = await db().selectFrom('users').innerJoin('classes', 'classes.id', 'users.class_id').select(['users.id', 'users.username', 'users.class_id'])
      .where('users.school_id', '=', 100002).where('users.role', '=', 'student').where('users.type', '=', 1).where('users.status', '=', 1)
      .where('classes.probation_status', '=', 0).where('users.username', '!=', 'demo').orderBy('users.id').execute();
    first = rows[0];
    second = rows.find((r) => r.class_id !== first.class_id)!;
    const demo = await db().selectFrom('users').select('password_hash').where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    await db().updateTable('users').set({ password_hash: demo.password_hash }).where('id', 'in', [first.id, second.id]).execute();
    mine = await s.login(first.username);
    theirs = await s.login(second.username);
    categoryId = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.opened.close();
    await s?.close();
  });

  it('a course saved, renamed or withdrawn in the admin console shows in the very next learn/get', async () => {
    const before = await catalogue(mine);
    expect(await catalogue(mine)).toEqual(before); // served again (from the cache)
    const course = await newCourse();
    expect((await catalogue(mine)).allCount).toBe(before.allCount + 1);

    const search = { page: 1, learn_name: '缓存测试课程' };
    expect((await catalogue(mine, search)).learn.map((l: any) => l.name)).toContain(course.name);
    ok(await s.postJson('admin/course/save', { id: course.id, name: '改名后的缓存课程', category_id: categoryId, state: 1, url: '/sim/1' }, people.adminA));
    expect((await catalogue(mine, { page: 1, learn_name: '缓存课程' })).learn.map((l: any) => l.name)).toContain('改名后的缓存课程');
    expect((await catalogue(mine, search)).learn.map((l: any) => l.id)).not.toContain(course.id);

    ok(await s.postJson('admin/course/save', { id: course.id, name: '改名后的缓存课程', category_id: categoryId, state: 0, url: '/sim/1' }, people.adminA));
    expect((await catalogue(mine)).allCount).toBe(before.allCount);
  });

  it('restricting a course to one class changes both classes\' next pages, and never shows one class\'s page to the other', async () => {
    const course = await newCourse({ sort: 0 });
    const search = { page: 1, learn_name: '缓存测试课程' };
    const mineBefore = await catalogue(mine, search);
    const theirsBefore = await catalogue(theirs, search);
    expect(mineBefore.learn.map((l: any) => l.id)).toContain(course.id);
    expect(theirsBefore.learn.map((l: any) => l.id)).toContain(course.id);

    ok(await s.postJson('admin/course/classes/save', { id: course.id, class_ids: [first.class_id] }, people.adminA));
    expect((await catalogue(mine, search)).learn.map((l: any) => l.id)).toContain(course.id);
    // The same request from the other class, right after the first class's page was cached: not its page.
    const theirsAfter = await catalogue(theirs, search);
    expect(theirsAfter.learn.map((l: any) => l.id)).not.toContain(course.id);
    expect(theirsAfter.allCount).toBe(theirsBefore.allCount - 1);
    expect((await catalogue(theirs)).learn.map((l: any) => l.id)).not.toContain(course.id);

    ok(await s.postJson('admin/course/classes/save', { id: course.id, class_ids: [] }, people.adminA));
    expect((await catalogue(theirs, search)).learn.map((l: any) => l.id)).toContain(course.id);
  });

  it('a new score shows in the very next score/get_student, with the summary and ranks', async () => {
    const before = ok(await s.post('score/get_student', { page: 1 }, mine));
    expect(ok(await s.post('score/get_student', { page: 1 }, mine))).toEqual(before);
    const course = (await catalogue(mine)).learn[0];
    const launched = ok(await s.post('learn/getlearnurl', { learn_id: course.id }, mine));
    const token = new URL(launched.url, 'http://localhost').searchParams.get('token')!;
    const result = ok(await s.post('sim/result', { token, total_score: 100, total_time: 321, detail: JSON.stringify([['步骤', '得分'], ['评估', 100]]) }));

    const after = ok(await s.post('score/get_student', { page: 1 }, mine));
    expect(after.times).toBe(before.times + 1);
    expect(after.score[0]).toMatchObject({ id: result.id, total_time: 321 });
    expect(after.max_score).toBe(100);
    expect(after.class.sort).toBe(1);
    // Another student's page is theirs alone.
    const others = ok(await s.post('score/get_student', { page: 1 }, theirs));
    expect(others.score.map((r: any) => r.id)).not.toContain(result.id);
  });

  it('another server on the same database sees a catalogue write within about a second', async () => {
    const before = await onOther('learn/get', { page: 1 }, mine);
    expect(await onOther('learn/get', { page: 1 }, mine)).toEqual(before);
    await newCourse();
    const written = Date.now();
    let seen = before.allCount;
    while (seen === before.allCount && Date.now() - written < 5000) seen = (await onOther('learn/get', { page: 1 }, mine)).allCount;
    expect(seen).toBe(before.allCount + 1);
    expect(Date.now() - written).toBeLessThan(3000);
  });

  it('every table a cache follows across servers has its write counter, moved by a write from another server', async () => {
    // A table added to SHARED_TABLES without a migration counting it would be cached on each node and never emptied
    // by another node's writes.
    const versions = async () =>
      new Map((await sql<{ table_name: string; version: number | string }>`select table_name, version from data_versions`.execute(db())).rows.map((c) => [c.table_name, Number(c.version)]));
    const before = await versions();
    expect(SHARED_TABLES.filter((t) => !before.has(t))).toEqual([]);
    for (const table of SHARED_TABLES) {
      // A write that changes nothing: PostgreSQL's triggers count statements, SQLite's rows (the table's first).
      const write = kind === 'postgres'
        ? sql`delete from ${sql.table(table)} where false`
        : sql`update ${sql.table(table)} set rowid = rowid where rowid = (select min(rowid) from ${sql.table(table)})`;
      await write.execute(other.opened.db);
    }
    const after = await versions();
    expect(SHARED_TABLES.filter((t) => !(after.get(t)! > before.get(t)!))).toEqual([]);
  });
});
