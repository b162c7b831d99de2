import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow, now } from '../../server/db/time';
import { assertInWindow, timeStatus } from '../../server/services/assignments';
import { alreadySubmitted } from '../../server/services/submit-once';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { DOCX, JPEG, multipart, PNG } from './work-files';

describe('time windows at the boundaries (server clock, both inclusive)', () => {
  const start = '2026-05-01 08:00:00';
  const end = '2026-05-10 18:00:00';
  it('gives status 3 before the start, 2 from start to end, 1 after', () => {
    expect(timeStatus(start, end, '2026-05-01 07:59:59')).toBe(3);
    expect(timeStatus(start, end, start)).toBe(2);
    expect(timeStatus(start, end, end)).toBe(2);
    expect(timeStatus(start, end, '2026-05-10 18:00:01')).toBe(1);
  });
  it('lets homework be done until its end, an exam only inside its window', () => {
    expect(() => assertInWindow('homework', start, end, '2026-04-01 00:00:00')).not.toThrow();
    expect(() => assertInWindow('homework', start, end, end)).not.toThrow();
    expect(() => assertInWindow('homework', start, end, '2026-05-10 18:00:01')).toThrow('不在做作业时间范围內！');
    expect(() => assertInWindow('exam', start, end, '2026-05-01 07:59:59')).toThrow('不在考试时间范围內！');
    expect(() => assertInWindow('exam', start, end, start)).not.toThrow();
    expect(() => assertInWindow('exam', start, end, end)).not.toThrow();
    expect(() => assertInWindow('exam', start, end, '2026-05-10 18:00:01')).toThrow('不在考试时间范围內！');
  });
});

describe.each(DATABASES)('exams and homework API on %s', (kind) => {
  let s: TestServer;
  let demo: string;
  let me: string; // stu00026
  let other: string; // stu00027
  let meId: number;
  let myClass: number;
  let otherClass: number;

  const db = () => s.opened.db;
  const upload = async (data: Buffer, filename: string, token: string) => {
    const form = multipart('file', filename, data);
    const res = await s.app.inject({ method: 'POST', url: '/api/common/upload_file', payload: form.body, headers: { 'content-type': form.contentType, host: 'localhost', authorization: `Bearer ${token}` } });
    return res.json().data.url as string;
  };
  /** A new assignment published to the given classes. */
  async function assignment(fields: { kind: 'homework' | 'exam'; classify: number; cate?: number; start: string; end: string; title?: string }, classes: number[]) {
    const row = await db().insertInto('assignments').values({
      school_id: 100002, teacher_id: (await db().selectFrom('users').select('id').where('role', '=', 'teacher').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id,
      kind: fields.kind, title: fields.title ?? `测试${fields.kind}${Math.random().toString(36).slice(2, 7)}`, classify: fields.classify, cate_id: fields.cate ?? 1,
      start_time: fields.start, end_time: fields.end, test_time: 30,
    }).returning('id').executeTakeFirstOrThrow();
    for (const class_id of classes) await db().insertInto('assignment_classes').values({ assignment_id: row.id, class_id }).execute();
    return row.id;
  }
  const open = () => ({ start: fromNow(-3600), end: fromNow(3600) });
  const marksOf = (assignmentId: number) => db().selectFrom('marks').selectAll().where('assignment_id', '=', assignmentId).execute();

  beforeAll(async () => {
    s = await startTestServer(kind);
    demo = await s.login('demo');
    me = await s.login('stu00026');
    other = await s.login('stu00027');
    const users = await db().selectFrom('users').select(['id', 'username', 'class_id']).where('username', 'in', ['stu00026', 'stu00027']).execute();
    const mine = users.find((u) => u.username === 'stu00026')!;
    meId = mine.id;
    myClass = mine.class_id!;
    otherClass = users.find((u) => u.username === 'stu00027')!.class_id!;
  });
  afterAll(async () => s?.close());

  describe('lists', () => {
    it('need a login', async () => {
      expect((await s.post('assign/gettasklist')).status).toBe(401);
    });

    it('list the homework of the student\'s class with the summary, and completion filters that match the database', async () => {
      const all = await s.post('assign/gettasklist', { page: 1, page_size: 8 }, demo);
      expect(all.body.code).toBe(200);
      const { list, allTime, dabiao } = all.body.data;
      expect(list.total).toBe(6);
      expect(list.data).toHaveLength(6);
      const marks = await db().selectFrom('marks').innerJoin('assignments', 'assignments.id', 'marks.assignment_id')
        .select(['marks.assignment_id', 'marks.score', 'marks.teacher_data', 'marks.total_time']).where('marks.user_id', '=', 1).where('assignments.kind', '=', 'homework').execute();
      expect(allTime).toBe(marks.reduce((t, m) => t + m.total_time, 0));
      expect(dabiao.height + dabiao.middle + dabiao.low).toBe(marks.filter((m) => m.score !== null).length);
      const done = new Set(marks.map((m) => m.assignment_id));
      for (const row of list.data) {
        expect(row.type).toBe(done.has(row.id) ? '已完成' : '未完成');
        if (!done.has(row.id)) expect(row.total_score).toBeNull();
      }
      const count = async (complete: number) => (await s.post('assign/gettasklist', { complete }, demo)).body.data.list.total;
      expect(await count(1)).toBe(marks.length);
      expect(await count(2)).toBe(6 - marks.length);
      expect(await count(3)).toBe(marks.filter((m) => m.teacher_data !== null).length);
      expect(await count(4)).toBe(marks.filter((m) => m.teacher_data === null).length);
      expect(await count(0)).toBe(6);
    });

    it('filters by name, category and time status, and pages', async () => {
      const exams = await s.post('assign/getexamlist', { name: '卡环' }, demo);
      expect(exams.body.data.list.data.map((r: { title: string }) => r.title)).toEqual(['卡环弯制操作考试']);
      const sketch = await s.post('assign/gettasklist', { category_id: 3 }, demo);
      expect(sketch.body.data.list.data.every((r: { cate_id: number }) => r.cate_id === 3)).toBe(true);
      expect((await s.post('assign/gettasklist', { name: '%' }, demo)).body.data.list.total).toBe(0);
      const paged = await s.post('assign/gettasklist', { page: 2, page_size: 4 }, demo);
      expect(paged.body.data.list).toMatchObject({ current_page: 2, total: 6 });
      expect(paged.body.data.list.data).toHaveLength(2);

      const ended = await assignment({ kind: 'homework', classify: 2, start: fromNow(-7200), end: fromNow(-3600) }, [myClass]);
      const running = await assignment({ kind: 'homework', classify: 2, ...open() }, [myClass]);
      const later = await assignment({ kind: 'homework', classify: 2, start: fromNow(3600), end: fromNow(7200) }, [myClass]);
      const ids = async (status: number) => (await s.post('assign/gettasklist', { status }, me)).body.data.list.data.map((r: { id: number }) => r.id);
      expect(await ids(1)).toContain(ended);
      expect(await ids(2)).toEqual(expect.arrayContaining([running]));
      expect(await ids(2)).not.toContain(ended);
      expect(await ids(3)).toEqual([later]);
      const row = (await s.post('assign/gettasklist', {}, me)).body.data.list.data.find((r: { id: number }) => r.id === later);
      expect(row).toMatchObject({ status: 3, type: '未完成', total_score: null, classify_name: '拍照上传' });
    });

    it('rejects bad filters with a field message', async () => {
      const res = await s.post('assign/gettasklist', { complete: 9 }, demo);
      expect(res.status).toBe(422);
      expect(res.body.errors.complete).toBeTruthy();
    });
  });

  describe('detail and ownership', () => {
    it('shows the detail of a visible assignment with its publisher, files and the student\'s own mark', async () => {
      const res = await s.get('assign/getassign', { id: 1 }, demo);
      expect(res.body.data).toMatchObject({ id: 1, title: '上颌第一磨牙全冠预备练习', kind: 'homework', files: [{ name: '操作要求.txt' }] });
      expect(res.body.data.author).not.toBe('');
      expect(res.body.data.mark.teacher_data).toBeTruthy();
    });

    it('answers 404 for work not published to the student\'s class, and never shows another student\'s mark', async () => {
      expect((await s.get('assign/getassign', { id: 1 }, me)).status).toBe(404);
      expect((await s.post('assign/getmark', { assignment_id: 1 }, me)).status).toBe(404);
      const demoMark = await db().selectFrom('marks').select('id').where('user_id', '=', 1).executeTakeFirstOrThrow();
      expect((await s.post('assign/updateannex', { id: demoMark.id, annex: '[]' }, me)).status).toBe(404);
      const shared = await assignment({ kind: 'homework', classify: 2, ...open() }, [myClass, otherClass]);
      await s.post('assign/insertmark', { assignment_id: shared, student_answer: JSON.stringify([await upload(PNG, 'a.png', me)]) }, me);
      expect((await s.post('assign/getmark', { assignment_id: shared }, other)).body.data).toBeNull();
    });
  });

  describe('submission rules', () => {
    it('refuses work outside its time window with the spec\'s messages (by the server clock)', async () => {
      const img = await upload(PNG, 'a.png', me);
      const lateHomework = await assignment({ kind: 'homework', classify: 2, start: fromNow(-7200), end: fromNow(-1) }, [myClass]);
      expect((await s.post('assign/insertmark', { assignment_id: lateHomework, student_answer: JSON.stringify([img]) }, me)).body).toMatchObject({ code: 0, message: '不在做作业时间范围內！' });
      const earlyHomework = await assignment({ kind: 'homework', classify: 2, start: fromNow(3600), end: fromNow(7200) }, [myClass]);
      expect((await s.post('assign/insertmark', { assignment_id: earlyHomework, student_answer: JSON.stringify([img]) }, me)).body.code).toBe(200);
      const earlyExam = await assignment({ kind: 'exam', classify: 2, start: fromNow(60), end: fromNow(7200) }, [myClass]);
      expect((await s.post('assign/insertmark', { assignment_id: earlyExam, student_answer: JSON.stringify([img]) }, me)).body).toMatchObject({ code: 0, message: '不在考试时间范围內！' });
      const lateExam = await assignment({ kind: 'exam', classify: 2, start: fromNow(-7200), end: fromNow(-1) }, [myClass]);
      expect((await s.post('assign/insertmark', { assignment_id: lateExam, student_answer: JSON.stringify([img]) }, me)).body.message).toBe('不在考试时间范围內！');
      expect(await marksOf(lateExam)).toHaveLength(0);
    });

    it('checks the files of each kind of work again on the server', async () => {
      const png = await upload(PNG, 'a.png', me);
      const doc = await upload(DOCX, '报告.docx', me);
      const submit = async (classify: number, answer: unknown[], annex?: unknown[]) => {
        const id = await assignment({ kind: 'homework', classify, cate: classify === 3 ? 3 : 1, ...open() }, [myClass]);
        return (await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify(answer), ...(annex && { annex: JSON.stringify(annex) }) }, me)).body;
      };
      expect(await submit(2, [])).toMatchObject({ code: 0, message: '请先上传图片！' });
      expect(await submit(3, [])).toMatchObject({ code: 0, message: '请上传素描图片！' });
      expect(await submit(6, [png])).toMatchObject({ code: 0, message: '请先上传附件！' });
      expect(await submit(5, [])).toMatchObject({ code: 0, message: '还未上传文件！' });
      expect(await submit(5, [{ name: 'x', url: png }])).toMatchObject({ code: 0, message: '还未上传文件！' });
      expect(await submit(2, [doc])).toMatchObject({ code: 0, message: '请先上传图片！' });
      expect(await submit(2, Array(10).fill(png))).toMatchObject({ code: 0, message: '最多只能上传9张图片！' });
      expect(await submit(6, [png], [{ name: 'a', url: doc }, { name: 'b', url: png }])).toMatchObject({ code: 0, message: '附件最多只能上传1个！' });
      expect(await submit(1, [png])).toMatchObject({ code: 0, message: '该任务需在系统内完成实训，无需上传' });
      expect(await submit(6, [png], [{ name: '说明.docx', url: doc }])).toMatchObject({ code: 200, message: '提交成功' });
      expect(await submit(5, [{ name: '报告.docx', url: doc }])).toMatchObject({ code: 200 });
      // Work done in the simulation system is never taken as an upload, submitted or not.
      expect((await s.post('assign/insertmark', { assignment_id: 1, student_answer: 'not json' }, demo)).body).toMatchObject({ code: 0, message: '该任务需在系统内完成实训，无需上传' });
    });

    it('refuses another student\'s file URL and URLs that are not uploads', async () => {
      const theirs = await upload(PNG, 'b.png', other);
      const id = await assignment({ kind: 'homework', classify: 2, ...open() }, [myClass]);
      const res = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([theirs]) }, me);
      expect(res.status).toBe(403);
      expect((await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify(['/assets/seed/gallery/gallery-1-1.svg']) }, me)).status).toBe(403);
      expect((await s.post('assign/insertmark', { assignment_id: id, student_answer: '{broken' }, me)).status).toBe(422);
      expect(await marksOf(id)).toHaveLength(0);
    });

    it('creates one submission for repeated and concurrent submits, and returns the same receipt', async () => {
      const id = await assignment({ kind: 'homework', classify: 2, ...open() }, [myClass]);
      const files = [await upload(PNG, 'a.png', me), await upload(JPEG, 'b.jpg', me)];
      const form = { assignment_id: id, student_answer: JSON.stringify(files), student_des: '第一次提交' };
      const replies = await Promise.all([1, 2, 3].map(() => s.post('assign/insertmark', form, me)));
      const again = await s.post('assign/insertmark', form, me);
      const receipts = [...replies, again].map((r) => r.body.data);
      expect((await s.post('assign/insertmark', { ...form, student_des: '重试' }, me)).body).toMatchObject({ code: 0, message: alreadySubmitted('作业') });
      expect(receipts.every((r) => r.fingerprint === receipts[0].fingerprint && r.mark_id === receipts[0].mark_id)).toBe(true);
      expect(receipts[0].fingerprint).toMatch(/^[0-9A-F]{12}$/);
      expect(receipts[0].submitted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const rows = await marksOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: meId, student_des: '第一次提交', receipt: receipts[0].fingerprint });
      expect(JSON.parse(rows[0].student_answer)).toEqual(files);
      const listed = (await s.post('assign/gettasklist', { complete: 4 }, me)).body.data.list.data.find((r: { id: number }) => r.id === id);
      expect(listed).toMatchObject({ type: '已完成', receipt: { fingerprint: receipts[0].fingerprint } });
    });

    it('updates the attachment of an ungraded submission and refuses a graded one', async () => {
      const id = await assignment({ kind: 'homework', classify: 6, ...open() }, [myClass]);
      const png = await upload(PNG, 'a.png', me);
      const first = await upload(DOCX, '一.docx', me);
      const sub = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([png]), annex: JSON.stringify([{ name: '一.docx', url: first }]) }, me);
      const second = await upload(DOCX, '二.docx', me);
      const res = await s.post('assign/updateannex', { id: sub.body.data.mark_id, annex: JSON.stringify([{ name: '二.docx', url: second }]) }, me);
      expect(res.body).toMatchObject({ code: 200, message: '附件上传成功！' });
      expect(JSON.parse((await marksOf(id))[0].annex)).toEqual([{ name: '二.docx', url: second }]);
      await db().updateTable('marks').set({ teacher_data: '{"score":90}', score: 90 }).where('id', '=', sub.body.data.mark_id).execute();
      expect((await s.post('assign/updateannex', { id: sub.body.data.mark_id, annex: JSON.stringify([{ name: '一.docx', url: first }]) }, me)).body).toMatchObject({ code: 0, message: '老师已批阅，不能再修改' });
      const graded = (await s.post('assign/gettasklist', { complete: 3 }, me)).body.data.list.data.find((r: { id: number }) => r.id === id);
      expect(graded).toMatchObject({ total_score: 90, graded: true });
    });
  });

  describe('exams with questions', () => {
    it('serves questions only inside the window, takes the answers once, then shows model answers', async () => {
      const id = await assignment({ kind: 'exam', classify: 2, ...open() }, [myClass]);
      await db().insertInto('assignment_questions').values([{ assignment_id: id, question: '问题一', answer: '答案一', sort: 0 }, { assignment_id: id, question: '问题二', answer: '答案二', sort: 1 }]).execute();
      const q = await s.get('assign/getquestion', { id }, me);
      expect(q.body.data.list).toEqual([{ id: expect.any(Number), question: '问题一' }, { id: expect.any(Number), question: '问题二' }]);
      const answer = JSON.stringify(Object.fromEntries(q.body.data.list.map((x: { id: number }) => [x.id, '我的回答'])));
      const first = await s.post('assign/uploadanswer', { assignment_id: id, answer, total_time: 600 }, me);
      const retry = await s.post('assign/uploadanswer', { assignment_id: id, answer, total_time: 601 }, me);
      expect(retry.body.data).toEqual(first.body.data);
      const second = await s.post('assign/uploadanswer', { assignment_id: id, answer: '{"x":1}', total_time: 5 }, me);
      expect(second.body).toMatchObject({ code: 0, message: alreadySubmitted('考试') });
      const rows = await marksOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ total_time: 600, answer });
      expect((await s.get('assign/getquestion', { id }, me)).body.data.list[0].answer).toBe('答案一');

      const later = await assignment({ kind: 'exam', classify: 2, start: fromNow(600), end: fromNow(3600) }, [myClass]);
      expect((await s.get('assign/getquestion', { id: later }, me)).body).toMatchObject({ code: 0, message: '不在考试时间范围內！' });
      const over = await assignment({ kind: 'exam', classify: 2, start: fromNow(-7200), end: fromNow(-600) }, [myClass]);
      expect((await s.post('assign/uploadanswer', { assignment_id: over, answer: '{}' }, me)).body).toMatchObject({ code: 0, message: '不在考试时间范围內！' });
      // The countdown submits at zero: answers arriving just after the end are still taken.
      const justOver = await assignment({ kind: 'exam', classify: 2, start: fromNow(-7200), end: fromNow(-5) }, [myClass]);
      expect((await s.post('assign/uploadanswer', { assignment_id: justOver, answer: '{}', total_time: 1800 }, me)).body.code).toBe(200);
    });
  });

  describe('class tasks and tests', () => {
    it('lists tasks and the finished/unfinished blocks with paging and sorting', async () => {
      const tasks = await s.post('task/get_class', { page: 1, page_size: 3 }, demo);
      expect(tasks.body.data.task).toHaveLength(3);
      const total = Number((await db().selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'task').executeTakeFirstOrThrow()).n);
      expect(tasks.body.data.allCount).toBe(total);
      const tests = await s.post('test/get_class', {}, demo);
      expect(tests.body.data.test.every((t: { kind: string }) => t.kind === 'test')).toBe(true);
      const blocks = await s.post('task/get_student_record', { sort: 'score', page_size: 3 }, demo);
      const { finish, unfinish } = blocks.body.data;
      const records = await db().selectFrom('task_records').innerJoin('tasks', 'tasks.id', 'task_records.task_id').select(['task_records.score']).where('user_id', '=', 1).where('tasks.kind', '=', 'task').where('status', '>', 0).execute();
      expect(finish.count).toBe(records.length);
      expect(finish.count + unfinish.count).toBe(total);
      const scores = finish.data.map((t: { score: number | null }) => t.score ?? -1);
      expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
      expect((await s.post('task/get_class', { class_id: otherClass }, demo)).status).toBe(403);
    });

    it('gives the score detail with list-style teacher data for ids above 30 and 22, and nothing before grading', async () => {
      const listStyle = await s.get('task/get_score', { task_id: 31, type: 1 }, demo);
      expect(JSON.parse(listStyle.body.data.record.teacher_data)).toEqual([86, 91]);
      expect(JSON.parse(listStyle.body.data.record.teacher_comment)).toHaveLength(2);
      expect((await s.get('task/get_score', { task_id: 1 }, demo)).body.data.record).toBeNull();
      expect((await s.get('task/get_score', { task_id: 31 }, me)).status).toBe(404);
      expect((await s.get('task/get_score', { task_id: 31, type: 2 }, demo)).status).toBe(404);
    });

    it('takes a task submission once, inside the rules', async () => {
      const task = await db().insertInto('tasks').values({ school_id: 100002, teacher_id: 2, kind: 'task', title: '测试任务', cate: 1, start_time: fromNow(-60), end_time: fromNow(3600) }).returning('id').executeTakeFirstOrThrow();
      await db().insertInto('task_classes').values({ task_id: task.id, class_id: myClass }).execute();
      expect((await s.post('task/get_student_status', { task_id: task.id }, me)).body.data).toEqual({ status: 0, record: null });
      expect((await s.post('task/insert_student_record', { task_id: task.id, student_answer: '[]' }, me)).body.message).toBe('请先上传图片！');
      const png = await upload(PNG, 'a.png', me);
      const a = await s.post('task/insert_student_record', { task_id: task.id, student_answer: JSON.stringify([png]), student_des: '完成' }, me);
      const b = await s.post('task/insert_student_record', { task_id: task.id, student_answer: JSON.stringify([png]), student_des: '完成' }, me);
      expect(b.body.data).toEqual(a.body.data);
      expect((await s.post('task/insert_student_record', { task_id: task.id, student_answer: JSON.stringify([png]) }, me)).body).toMatchObject({ code: 0, message: alreadySubmitted('任务') });
      expect((await s.post('task/get_student_status', { task_id: task.id }, me)).body.data.status).toBe(1);
      expect((await s.post('task/get_student_status', { task_id: task.id }, other)).status).toBe(404);
      const test = await db().insertInto('tasks').values({ school_id: 100002, teacher_id: 2, kind: 'test', title: '测试考核', start_time: fromNow(600), end_time: fromNow(3600) }).returning('id').executeTakeFirstOrThrow();
      await db().insertInto('task_classes').values({ task_id: test.id, class_id: myClass }).execute();
      expect((await s.post('test/get_status', { task_id: test.id }, me)).body.data).toMatchObject({ status: 3 });
      expect((await s.post('task/insert_student_record', { task_id: test.id, student_answer: JSON.stringify([png]) }, me)).body.message).toBe('不在考试时间范围內！');
      expect(now()).toMatch(/^\d{4}-/);
    });
  });
});
