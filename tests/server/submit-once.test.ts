// Parallel submissions (security review, issue 14 item 14): a submission either stores what was sent or is told
// that the work was already submitted; an identical retry gets the stored receipt. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { alreadySubmitted } from '../../server/services/submit-once';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { JPEG, multipart, PNG } from './work-files';

const PARALLEL = 10;

describe.each(DATABASES)('submissions sent at the same moment on %s', (kind) => {
  let s: TestServer;
  let me: string; // stu00026
  let myClass: number;
  let meId: number;
  let teacherId: number;

  const db = () => s.opened.db;
  const upload = async (data: Buffer, filename: string) => {
    const form = multipart('file', filename, data);
    const res = await s.app.inject({ method: 'POST', url: '/api/common/upload_file', payload: form.body, headers: { 'content-type': form.contentType, host: 'localhost', authorization: `Bearer ${me}` } });
    return res.json().data.url as string;
  };
  /** PARALLEL different image files of the student (each its own content, so its own fingerprint). */
  const distinctImages = () => Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(Buffer.concat([PNG, Buffer.from(`#${i}`)]), `p${i}.png`)));
  async function assignment(kindOf: 'homework' | 'exam') {
    const row = await db().insertInto('assignments').values({
      school_id: 100002, teacher_id: teacherId, kind: kindOf, title: `并发${kindOf}${Math.random().toString(36).slice(2, 7)}`, classify: 2, cate_id: 1,
      start_time: fromNow(-3600), end_time: fromNow(3600), test_time: 30,
    }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('assignment_classes').values({ assignment_id: row.id, class_id: myClass }).execute();
    return row.id;
  }
  const all = <T>(make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));

  beforeAll(async () => {
    s = await startTestServer(kind);
    me = await s.login('stu00026');
    const mine = await db().selectFrom('users').select(['id', 'class_id']).where('username', '=', 'stu00026').where('school_id', '=', 100002).executeTakeFirstOrThrow();
    meId = mine.id;
    myClass = mine.class_id!;
    teacherId = (await db().selectFrom('users').select('id').where('role', '=', 'teacher').where('school_id', '=', 100002).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => s?.close());

  it(`assign/insertmark: ${PARALLEL} different files at once → one stored and acknowledged, the others told it was already submitted`, async () => {
    const id = await assignment('homework');
    const files = await distinctImages();
    const replies = await all((i) => s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([files[i]]), student_des: `第${i}份` }, me));
    const rows = await db().selectFrom('marks').selectAll().where('assignment_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const acknowledged = replies.flatMap((r, i) => (r.body.code === 200 ? [i] : []));
    expect(acknowledged).toHaveLength(1);
    const winner = acknowledged[0];
    // The acknowledged submission is the stored one, with its own receipt.
    expect(JSON.parse(rows[0].student_answer)).toEqual([files[winner]]);
    expect(rows[0].student_des).toBe(`第${winner}份`);
    expect(replies[winner].body.data).toMatchObject({ mark_id: rows[0].id, fingerprint: rows[0].receipt });
    for (const [i, r] of replies.entries()) if (i !== winner) expect(r.body).toMatchObject({ code: 0, message: alreadySubmitted('作业') });

    // A retry of the stored submission is idempotent; a later different one is refused and changes nothing.
    const retry = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([files[winner]]), student_des: `第${winner}份` }, me);
    expect(retry.body).toMatchObject({ code: 200, data: replies[winner].body.data });
    const other = await s.post('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([files[(winner + 1) % PARALLEL]]) }, me);
    expect(other.body).toMatchObject({ code: 0, message: alreadySubmitted('作业') });
    expect(await db().selectFrom('marks').selectAll().where('assignment_id', '=', id).execute()).toEqual(rows);
  });

  it(`assign/insertmark: ${PARALLEL} identical submits at once (double clicks) → one stored, every one gets its receipt`, async () => {
    const id = await assignment('homework');
    const form = { assignment_id: id, student_answer: JSON.stringify([await upload(JPEG, 'b.jpg')]), student_des: '说明' };
    const replies = await all(() => s.post('assign/insertmark', form, me));
    const rows = await db().selectFrom('marks').selectAll().where('assignment_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    for (const r of replies) expect(r.body).toMatchObject({ code: 200, message: '提交成功', data: { mark_id: rows[0].id, fingerprint: rows[0].receipt } });
  });

  it(`assign/uploadanswer: ${PARALLEL} different answer sheets at once → one stored, the others refused`, async () => {
    const id = await assignment('exam');
    const replies = await all((i) => s.post('assign/uploadanswer', { assignment_id: id, answer: JSON.stringify({ 1: `回答${i}` }), total_time: 60 }, me));
    const rows = await db().selectFrom('marks').selectAll().where('assignment_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const acknowledged = replies.flatMap((r, i) => (r.body.code === 200 ? [i] : []));
    expect(acknowledged).toHaveLength(1);
    expect(JSON.parse(rows[0].answer)).toEqual({ 1: `回答${acknowledged[0]}` });
    expect(replies.filter((r) => r.body.message === alreadySubmitted('考试'))).toHaveLength(PARALLEL - 1);
  });

  it(`task/insert_student_record: ${PARALLEL} different files at once → one stored, the others refused`, async () => {
    const task = await db().insertInto('tasks').values({ school_id: 100002, teacher_id: teacherId, kind: 'task', title: '并发任务', cate: 1, start_time: fromNow(-60), end_time: fromNow(3600) }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('task_classes').values({ task_id: task.id, class_id: myClass }).execute();
    const files = await distinctImages();
    const replies = await all((i) => s.post('task/insert_student_record', { task_id: task.id, student_answer: JSON.stringify([files[i]]) }, me));
    const rows = await db().selectFrom('task_records').selectAll().where('task_id', '=', task.id).where('user_id', '=', meId).execute();
    expect(rows).toHaveLength(1);
    const acknowledged = replies.flatMap((r, i) => (r.body.code === 200 ? [i] : []));
    expect(acknowledged).toHaveLength(1);
    expect(JSON.parse(rows[0].student_answer)).toEqual([files[acknowledged[0]]]);
    expect(replies.filter((r) => r.body.message === alreadySubmitted('任务'))).toHaveLength(PARALLEL - 1);
  });

  it(`topic/add: ${PARALLEL} identical questions at once → one stored, every reply names that one`, async () => {
    const learn = (await s.post('learn/get', { page: 1, page_size: 1 }, me)).body.data.learn[0];
    const form = { title: '并发提问', teacher_id: teacherId, learn_id: learn.id, content: '同一个问题点了很多次' };
    const replies = await all(() => s.post('topic/add', form, me));
    const rows = await db().selectFrom('topics').selectAll().where('user_id', '=', meId).where('title', '=', '并发提问').execute();
    expect(rows).toHaveLength(1);
    for (const r of replies) expect(r.body).toMatchObject({ code: 200, data: { id: rows[0].id } });
    expect(replies.filter((r) => r.body.message === '提交成功')).toHaveLength(1);
    expect(replies.filter((r) => r.body.message === '该问题刚刚已提交，请勿重复提交')).toHaveLength(PARALLEL - 1);
    // A different question right after is a new one.
    expect((await s.post('topic/add', { ...form, content: '另一个问题' }, me)).body.message).toBe('提交成功');
  });
});
