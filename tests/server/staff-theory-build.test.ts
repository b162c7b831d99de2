import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow, parseTimestamp } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';

/** The test builder: questions picked or drawn from the bank, drafts, publishing, and extra time for one student. */
describe.each(DATABASES)('teacher console: theory test builder on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof staffPeople>>;
  let demo: string; // the demo student, same class as people.student
  const bank: Record<string, number[]> = { single: [], judge: [], essay: [] };
  let testId: number;
  const minutesFromNow = (at: string) => Math.round(((parseTimestamp(at)!.getTime()) - Date.now()) / 60_000);

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await staffPeople(s);
    demo = await s.login('demo');
    const add = async (body: Record<string, unknown>) => (await s.postJson('staff/bank/save', body, people.teacher1)).body.data.id as number;
    for (let i = 1; i <= 3; i++) bank.single.push(await add({ type: 1, question: `单选${i}`, options: ['甲', '乙', '丙'], answer: 'B', poins: 10 }));
    for (let i = 1; i <= 2; i++) bank.judge.push(await add({ type: 3, question: `判断${i}`, answer: '正确', poins: 5 }));
    bank.essay.push(await add({ type: 6, question: '论述一题', answer: '要点', poins: 20 }));
  });
  afterAll(async () => s?.close());

  const base = () => ({ name: '牙周病学单元测验', start_time: fromNow(-7200).slice(0, 16), end_time: fromNow(86400).slice(0, 16), times: 30, class_ids: [people.demoClass], review: 2 });

  it('refuses a draw the bank cannot fill, an empty paper and a class the teacher does not teach', async () => {
    const short = await s.postJson('staff/theory/save', { ...base(), draw: [{ type: 1, count: 5 }] }, people.teacher1);
    expect(short.status).toBe(422);
    expect(short.body.message).toBe('题库中可抽取的单选题只有 3 道，不够抽取 5 道');
    const picked = await s.postJson('staff/theory/save', { ...base(), question_ids: [bank.single[0]], draw: [{ type: 1, count: 3 }] }, people.teacher1);
    expect(picked.body.message).toBe('题库中可抽取的单选题只有 2 道，不够抽取 3 道（已选的题目不再抽取）');
    expect((await s.postJson('staff/theory/save', base(), people.teacher1)).body.message).toBe('请从题库选择题目，或设置随机抽题');
    expect((await s.postJson('staff/theory/save', { ...base(), class_ids: [people.otherClass], draw: [{ type: 3, count: 1 }] }, people.teacher1)).body.message).toBe('只能选择您任教的班级');
    // Another teacher's bank question cannot be picked.
    const partnerQuestion = (await s.postJson('staff/bank/save', { type: 7, question: '别校的题', answer: 'x', poins: 1 }, people.partner)).body.data.id;
    expect((await s.postJson('staff/theory/save', { ...base(), question_ids: [partnerQuestion] }, people.teacher1)).body.message).toBe('所选题目不在您的题库中');
  });

  it('builds a draft by picking and drawing; students see it only once published, where seeded tests appear', async () => {
    const saved = await s.postJson('staff/theory/save', { ...base(), published: 0, question_ids: [bank.essay[0]], draw: [{ type: 1, count: 2 }, { type: 3, count: 2 }] }, people.teacher1);
    expect(saved.body).toMatchObject({ code: 200, message: '保存成功，共 5 道题' });
    testId = saved.body.data.id;
    const listed = () => s.get('theory/tests', { per_page: 50 }, people.student).then((r) => r.body.data.data.find((t: any) => t.id === testId));
    expect(await listed()).toBeUndefined();
    expect((await s.get(`theory/test/${testId}`, {}, people.student)).status).toBe(404);

    expect((await s.postJson('staff/theory/publish', { id: testId, published: 1 }, people.teacher1)).body.code).toBe(200);
    expect(await listed()).toMatchObject({ name: '牙周病学单元测验', state: 'open', times: 30, score: 50 });
    const paper = (await s.get(`theory/test/${testId}`, {}, people.student)).body.data;
    expect(paper.question_count).toBe(5);
    expect(paper.sections.map((x: any) => [x.type_name, x.count])).toEqual([['论述题', 1], ['单选题', 2], ['判断题', 2]]);
    const edit = (await s.get('staff/theory/test', { id: testId }, people.teacher1)).body.data;
    expect(edit.question_ids).toHaveLength(5);
    expect(edit.question_ids[0]).toBe(bank.essay[0]);
    // A student of a class the test is not for does not see it.
    const outsider = await s.opened.db.selectFrom('users').select('username').where('class_id', '=', people.otherClass).where('role', '=', 'student').executeTakeFirstOrThrow();
    expect((await s.get(`theory/test/${testId}`, {}, await s.login(outsider.username))).status).toBe(404);
  });

  it('lets no one else edit the test or grant time: another teacher or school gets "not found", a student 403', async () => {
    for (const other of [people.teacher3, people.partner]) {
      expect((await s.get('staff/theory/test', { id: testId }, other)).status).toBe(404);
      expect((await s.postJson('staff/theory/save', { ...base(), id: testId, draw: [{ type: 3, count: 1 }] }, other)).status).toBe(404);
      expect((await s.postJson('staff/theory/publish', { id: testId, published: 0 }, other)).status).toBe(404);
      expect((await s.postJson('staff/theory/delete', { id: testId }, other)).status).toBe(404);
      expect((await s.postJson('staff/theory/extra-time', { test_id: testId, user_id: people.classmate.id, minutes: 30 }, other)).status).toBe(404);
      expect((await s.get('staff/theory/students', { test_id: testId }, other)).status).toBe(404);
    }
    for (const [name, body] of [['staff/theory/save', base()], ['staff/theory/extra-time', { test_id: testId, user_id: people.classmate.id, minutes: 5 }]] as const) {
      expect((await s.postJson(name, body, people.student)).status).toBe(403);
    }
    // A student outside the test's classes cannot be given time either.
    const outsider = await s.opened.db.selectFrom('users').select('id').where('class_id', '=', people.otherClass).where('role', '=', 'student').executeTakeFirstOrThrow();
    expect((await s.postJson('staff/theory/extra-time', { test_id: testId, user_id: outsider.id, minutes: 5 }, people.teacher1)).status).toBe(404);
  });

  it('extra time moves one student\'s closing time and attempt deadline, nobody else\'s', async () => {
    // The window closed a minute ago: without extra time nobody can start.
    await s.opened.db.updateTable('theory_tests').set({ end_time: fromNow(-60) }).where('id', '=', testId).execute();
    expect((await s.post('theory/start', { logid: testId }, demo)).body.message).toBe('考试已结束');
    const granted = await s.postJson('staff/theory/extra-time', { test_id: testId, user_id: people.classmate.id, minutes: 20 }, people.teacher1);
    expect(granted.body.code).toBe(200);
    const row = (await s.get('staff/theory/students', { test_id: testId, page_size: 100 }, people.teacher1)).body.data.data.find((r: any) => r.id === people.classmate.id);
    expect(row).toMatchObject({ extra_minutes: 20, state: 'none' });

    const listed = (await s.get('theory/tests', { per_page: 50 }, people.student)).body.data.data.find((t: any) => t.id === testId);
    expect(listed.state).toBe('open');
    expect(minutesFromNow(listed.end)).toBe(19);
    const started = (await s.post('theory/start', { logid: testId }, people.student)).body.data;
    expect(started.status).toBe('in_progress');
    expect(minutesFromNow(started.deadline_at)).toBe(19); // the closing time caps the 30 + 20 minutes
    expect((await s.post('theory/start', { logid: testId }, demo)).body.message).toBe('考试已结束');

    // More time while answering: the running attempt's deadline moves at once.
    await s.postJson('staff/theory/extra-time', { test_id: testId, user_id: people.classmate.id, minutes: 40 }, people.teacher1);
    const again = (await s.get(`theory/test/${testId}`, {}, people.student)).body.data.attempt;
    expect(minutesFromNow(again.deadline_at)).toBe(39);
  });

  it('refuses new questions once a student started, keeps the rest editable, and follows the review option', async () => {
    const changed = await s.postJson('staff/theory/save', { ...base(), id: testId, question_ids: [bank.single[0]] }, people.teacher1);
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe('已有学生开始答题，不能修改题目（时间、班级和答案查看方式仍可修改）');
    const drawn = await s.postJson('staff/theory/save', { ...base(), id: testId, draw: [{ type: 3, count: 1 }] }, people.teacher1);
    expect(drawn.body.message).toBe(changed.body.message);
    expect((await s.postJson('staff/theory/delete', { id: testId }, people.teacher1)).body.message).toBe('已有学生开始答题，不能删除；可以取消发布');
    expect((await s.postJson('staff/theory/publish', { id: testId, published: 0 }, people.teacher1)).body.message).toBe('已有学生开始答题，不能取消发布');

    const current = (await s.get('staff/theory/test', { id: testId }, people.teacher1)).body.data;
    const renamed = await s.postJson('staff/theory/save', { ...current, name: '牙周病学单元测验（补考）', end_time: fromNow(3600).slice(0, 16) }, people.teacher1);
    expect(renamed.body).toMatchObject({ code: 200, message: '保存成功' });

    expect((await s.post('theory/submit', { logid: testId }, people.student)).body.code).toBe(200);
    const keyShown = (await s.get('theory/records', { logid: testId }, people.student)).body.data.data;
    expect(keyShown.every((r: any) => r.right_answer !== null)).toBe(true); // review 2: right after handing in
    await s.postJson('staff/theory/save', { ...current, review: 0 }, people.teacher1);
    const hidden = (await s.get('theory/records', { logid: testId }, people.student)).body.data.data;
    expect(hidden.every((r: any) => r.right_answer === null && r.key_note === '不公布')).toBe(true);
    expect((await s.postJson('staff/theory/extra-time', { test_id: testId, user_id: people.classmate.id, minutes: 5 }, people.teacher1)).body.message).toBe('该生已交卷，不能再延长时间');
  });

  it('edits a seeded test (no bank questions behind it) without touching its paper', async () => {
    const seeded = (await s.get('staff/theory/test', { id: 1 }, people.teacher1)).body.data;
    expect(seeded.question_ids).toEqual([]);
    const saved = await s.postJson('staff/theory/save', { ...seeded, name: '口腔修复学理论测试（改）' }, people.teacher1);
    expect(saved.body).toMatchObject({ code: 200, message: '保存成功' });
    const paper = await s.opened.db.selectFrom('theory_questions').select('id').where('test_id', '=', 1).execute();
    expect(paper).toHaveLength(8);
  });
});
