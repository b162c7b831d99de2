import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, OpenedDatabase } from '../../server/db';
import { groupCommit } from '../../server/db/group-commit';
import { DATABASES, startTestServer, type TestServer } from './harness';

// Autosaves asked for in the same moment are committed together (server/db/group-commit.ts): each caller still gets
// its own result or error, and only once what it wrote is committed — seen by another process's handle.
describe.each(DATABASES)('group commit on %s', (kind) => {
  let s: TestServer;
  let other: OpenedDatabase;
  beforeAll(async () => {
    s = await startTestServer(kind);
    other = await s.reopen();
    await s.opened.db.schema.createTable('group_commit_probe').addColumn('k', 'varchar(20)', (c) => c.primaryKey()).addColumn('v', 'integer').execute();
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  // The probe table is this test's own, not in the schema's types.
  const untyped = (db: Db) => db as unknown as Kysely<{ group_commit_probe: { k: string; v: number } }>;
  const insert = (db: Db, k: string, v: number) => untyped(db).insertInto('group_commit_probe').values({ k, v }).execute();
  const seenByOther = async (k: string) => (await untyped(other.db).selectFrom('group_commit_probe').select('v').where('k', '=', k).executeTakeFirst())?.v;

  it('answers each write only once another handle sees it, and a failing write fails only its own caller', async () => {
    const visibleWhileWriting: (number | undefined)[] = [];
    // What another handle sees the moment each caller gets its answer.
    const writes = ['a', 'b', 'c'].map((k, i) =>
      groupCommit(s.opened.db, async (db) => {
        await insert(db, k, i);
        if (kind === 'sqlite') visibleWhileWriting.push(await seenByOther(k)); // inside the batch: not committed yet
        return k;
      }).then(async (value) => ({ value, seen: await seenByOther(k) })),
    );
    // A duplicate key: refused by the database, alone.
    const failing = groupCommit(s.opened.db, (db) => insert(db, 'a', 9));
    const settled = await Promise.allSettled([...writes, failing]);
    expect(settled.slice(0, 3)).toEqual(['a', 'b', 'c'].map((k, i) => ({ status: 'fulfilled', value: { value: k, seen: i } })));
    expect(settled[3].status).toBe('rejected');
    if (kind === 'sqlite') expect(visibleWhileWriting).toEqual([undefined, undefined, undefined]);
  });

  if (kind === 'sqlite') it('writes asked for in one turn share one transaction; the next turn gets its own', async () => {
    const handles: Db[] = [];
    const write = (k: string, v: number) => groupCommit(s.opened.db, async (db) => {
      handles.push(db);
      await insert(db, k, v);
    });
    await Promise.all([write('t1', 1), write('t2', 2), write('t3', 3)]);
    await write('t4', 4);
    expect(handles[0].isTransaction).toBe(true);
    expect(new Set(handles.slice(0, 3)).size).toBe(1);
    expect(handles[3]).not.toBe(handles[0]);
  });
});
