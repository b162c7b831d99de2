// npx tsx scripts/bench-theory-grading.ts [--pg <url>] — the teacher's view of one subjective question answered by 500
// students: the per-question statistics, the first page of answers (waiting first), and grading 20 of them, each
// timed as a median of repeated calls and as a ratio to GET /api/health in the same run.
import { hashPassword } from '../server/db/password';
import { startTestServer } from '../tests/server/harness';

const pgAt = process.argv.indexOf('--pg');
if (pgAt > 0) process.env.TEST_DATABASE_URL = process.argv[pgAt + 1];
const s = await startTestServer(pgAt > 0 ? 'postgres' : 'sqlite');
const db = s.opened.db;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(run: () => Promise<unknown>, times = 15): Promise<number> {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return median(out);
}

try {
  // 500 students of the demo class (taught by teacher1) who handed in test 2 with an answer to its discussion question.
  const demo = await db.selectFrom('users').select(['class_id', 'grade_id', 'major_id', 'depart_id']).where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow();
  const question = await db.selectFrom('theory_questions').select(['id', 'test_id']).where('test_id', '=', 2).where('type', '=', 6).executeTakeFirstOrThrow();
  const others = await db.selectFrom('theory_questions').select('id').where('test_id', '=', 2).where('id', '!=', question.id).execute();
  const hash = await hashPassword('bench123');
  for (let i = 0; i < 500; i += 100) {
    const users = await db.insertInto('users').values(Array.from({ length: 100 }, (_, j) => ({
      school_id: 100002, role: 'student' as const, username: `bench${i + j}`, password_hash: hash, realname: `学生${i + j}`, student_no: `B${String(i + j).padStart(6, '0')}`, ...demo,
    }))).returning('id').execute();
    const attempts = await db.insertInto('theory_attempts').values(users.map((u) => ({
      test_id: question.test_id, user_id: u.id, status: 'submitted' as const, deadline_at: '2026-08-01 10:00:00', submitted_at: '2026-08-01 09:40:00', score: 40,
    }))).returning('id').execute();
    await db.insertInto('theory_answers').values(attempts.flatMap((a) => [
      { attempt_id: a.id, question_id: question.id, answer: '种植修复不损伤邻牙，但对骨量要求较高；固定桥需磨除基牙。'.repeat(3), isright: 0, poins: 0 },
      ...others.map((o) => ({ attempt_id: a.id, question_id: o.id, answer: 'A', isright: 1, poins: 5 })),
    ])).execute();
  }
  const teacher = await s.teacherLogin('teacher1');
  const health = await time(() => s.get('health'));
  const stats = await time(() => s.get('staff/theory/questions', { test_id: question.test_id }, teacher));
  const page1 = await time(() => s.get('staff/theory/answers', { test_id: question.test_id, question_id: question.id, page_size: 20 }, teacher));
  const first = (await s.get('staff/theory/answers', { test_id: question.test_id, question_id: question.id, page_size: 20, state: 'pending' }, teacher)).body.data;
  const grades: number[] = [];
  for (const answer of first.data) {
    const t = performance.now();
    const reply = await s.postJson('staff/theory/grade', { id: answer.id, poins: 20 }, teacher);
    if (reply.body.code !== 200) throw new Error(reply.body.message);
    grades.push(performance.now() - t);
  }
  const line = (label: string, ms: number) => console.log(`${label}: ${ms.toFixed(1)} ms (${(ms / health).toFixed(1)}× health)`);
  console.log(`${s.opened.dialect}; answers to the question: ${first.total}; GET health median ${health.toFixed(2)} ms`);
  line('per-question statistics (staff/theory/questions)', stats);
  line('first page of 20 answers (staff/theory/answers)', page1);
  line('grading one answer (staff/theory/grade), median of 20', median(grades));
} finally {
  await s.close();
}
