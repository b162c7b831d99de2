// Issue 14 #12: every route that takes a learn_id applies the one visibility rule (services/catalogue.ts
// requireVisibleCourse): a course of another school, or one restricted to other classes, is refused exactly like a
// course that does not exist, and its name never appears in a reply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleCourses } from '../../server/services/catalogue';
import { DATABASES, startTestServer, type TestServer } from './harness';

/** Every contract route whose input (body or query) has a learn_id, read from the served OpenAPI document. */
async function routesTakingLearnId(s: TestServer): Promise<string[]> {
  const doc = (await s.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> }; parameters?: { name: string }[] }>> };
  const names: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const operation of Object.values(operations)) {
      const inBody = Object.values(operation.requestBody?.content ?? {}).some((c) => c.schema?.properties && 'learn_id' in c.schema.properties);
      const inQuery = (operation.parameters ?? []).some((p) => p.name === 'learn_id');
      if (inBody || inQuery) names.push(path.replace(/^\/api\//, ''));
    }
  }
  return names.sort();
}

describe.each(DATABASES)('course visibility on %s', (kind) => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    token = await s.login();
  });
  afterAll(async () => s?.close());

  it('is one rule over every route that takes a learn_id: hidden courses are refused as unknown, never named', async () => {
    const all = await routesTakingLearnId(s);
    // A new route taking learn_id shows up here and must be added on purpose (and pass the checks below). Staff routes
    // are a teacher's, checked at the end against the teacher's school.
    const routes = all.filter((r) => !r.startsWith('staff/'));
    expect(routes).toEqual(['learn/addevaluate', 'learn/detail', 'learn/favorite', 'learn/getlearnurl', 'learn/getproblem', 'learn/start', 'score/get_student', 'topic/add']);
    expect(all.filter((r) => r.startsWith('staff/'))).toEqual(['staff/assignment/save', 'staff/results/detail']);

    const { db } = s.opened;
    const demo = await db.selectFrom('users').selectAll().where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    // Courses demo may not see: one the seed restricts to classes of another school (the review's learn_id 36), and
    // one of the shared catalogue restricted here to another class.
    const visible = (await visibleCourses(db, demo).select('learns.id').execute()).map((r) => r.id);
    const otherSchool = await db.selectFrom('learns').select(['id', 'name']).where('state', '=', 1).where('parent_learn_id', 'is', null).where('id', 'not in', visible).executeTakeFirstOrThrow();
    const restrictedHere = await visibleCourses(db, demo).select(['learns.id', 'learns.name']).where('learns.id', 'not in', db.selectFrom('class_learns').select('learn_id')).orderBy('learns.id', 'desc').executeTakeFirstOrThrow();
    const anotherClass = await db.selectFrom('classes').select('id').where('id', '!=', demo.class_id ?? -1).executeTakeFirstOrThrow();
    await db.insertInto('class_learns').values({ learn_id: restrictedHere.id, class_id: anotherClass.id }).execute();
    const otherClass = { id: restrictedHere.id, name: restrictedHere.name };
    expect((await s.post('learn/detail', { learn_id: otherClass.id }, token)).status).toBe(404);
    const missing = { id: 987654, name: '不存在的实训' };

    const teacher = await db.selectFrom('users').select('id').where('school_id', '=', demo.school_id).where('role', '=', 'teacher').executeTakeFirstOrThrow();
    const extra: Record<string, Record<string, string | number>> = {
      'learn/addevaluate': { estimate: 0, know: '0', resource: '资源', perspective: '建议' },
      'topic/add': { title: '请教', teacher_id: teacher.id, content: '这个实验怎么做？' },
    };
    const answers = async (route: string, learnId: number) => (await s.post(route, { learn_id: learnId, ...extra[route] }, token));

    for (const hidden of [otherSchool, otherClass]) {
      for (const route of routes) {
        const reply = await answers(route, hidden.id);
        expect(JSON.stringify(reply.body), `${route} names ${hidden.name}`).not.toContain(hidden.name);
        if (route === 'score/get_student') {
          // learn_id only filters the student's own records here: none for a course they cannot see.
          expect(reply.body.data.score, route).toEqual([]);
          continue;
        }
        const unknown = await answers(route, missing.id);
        expect({ status: reply.status, message: reply.body.message }, `${route} for a hidden course`).toEqual({ status: unknown.status, message: unknown.body.message });
        expect(reply.status, route).toBeGreaterThanOrEqual(400);
      }
    }

    // A teacher may link a course of their own school or the shared catalogue, never another school's.
    const category = await db.selectFrom('learns').select('category_id').executeTakeFirstOrThrow();
    const foreign = await db.insertInto('learns').values({ name: '外校专属实训', school_id: 100045, category_id: category.category_id, state: 1 }).returning(['id', 'name']).executeTakeFirstOrThrow();
    const teacherToken = await s.teacherLogin('teacher1');
    const link = (learnId: number) => s.postJson('staff/assignment/save', {
      kind: 'homework', title: '关联实训', classify: 1, start_time: '2026-09-01 08:00', end_time: '2026-09-30 18:00', class_ids: [demo.class_id], learn_id: learnId,
    }, teacherToken);
    for (const hidden of [foreign, missing]) {
      const reply = await link(hidden.id);
      expect({ status: reply.status, message: reply.body.message }).toEqual({ status: 422, message: '实训项目不存在' });
      expect(JSON.stringify(reply.body)).not.toContain(hidden.name);
    }
    expect((await link(visible[0])).body.code).toBe(200);
    // 班级成绩's detail of a class the teacher teaches: another school's course is as unknown as a missing one.
    const results = (learnId: number) => s.get('staff/results/detail', { class_id: demo.class_id!, learn_id: learnId }, teacherToken);
    const unknownCourse = await results(missing.id);
    expect(unknownCourse.status).toBe(404);
    const foreignCourse = await results(foreign.id);
    expect({ status: foreignCourse.status, message: foreignCourse.body.message }).toEqual({ status: 404, message: unknownCourse.body.message });
    expect(JSON.stringify(foreignCourse.body)).not.toContain(foreign.name);
    expect((await results(visible[0])).status).toBe(200);
  });
});
