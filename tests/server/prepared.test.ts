import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { preparedQuery } from '../../server/db/prepared';
import { DATABASES, startTestServer, type TestServer } from './harness';

// A prepared query is compiled on its first call and then run with each call's values.
const usersOfSchool = preparedQuery((db: Db, schoolId: number, role: 'student' | 'teacher') =>
  db.selectFrom('users').select(['id', 'school_id', 'role']).where('school_id', '=', schoolId).where('role', '=', role).where('status', '=', 1).orderBy('id').limit(3),
);

describe.each(DATABASES)('prepared queries on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  it('runs with the values of each call, not those of the first', async () => {
    const schools = await s.opened.db.selectFrom('users').select('school_id').distinct().orderBy('school_id').execute();
    expect(schools.length).toBeGreaterThan(1);
    for (const { school_id } of schools) {
      for (const role of ['student', 'teacher'] as const) {
        const rows = await usersOfSchool(s.opened.db, school_id, role);
        const expected = await s.opened.db.selectFrom('users').select(['id', 'school_id', 'role']).where('school_id', '=', school_id).where('role', '=', role).where('status', '=', 1).orderBy('id').limit(3).execute();
        expect(rows).toEqual(expected);
      }
    }
    expect(await usersOfSchool(s.opened.db, -1, 'student')).toEqual([]);
  });
});
