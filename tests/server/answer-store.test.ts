import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../server/db/time';
import { storeAnswer, type AnswerWrite } from '../../server/services/answer-store';
import { DATABASES, startTestServer, type TestServer } from './harness';

// Autosaves that arrive in the same moment are written together (services/answer-store.ts: one transaction on
// SQLite, one statement on PostgreSQL). Whatever shares a batch, each save keeps its own outcome: the newest seq of
// a question wins, an older one never overwrites it, and a finished attempt takes nothing.
describe.each(DATABASES)('autosaves written together on %s', (kind) => {
  let s: TestServer;
  let first: number;
  let second: number;
  let questions: number[];
  const db = () => s.opened.db;
  const stored = async (attemptId: number, questionId: number) =>
    db().selectFrom('theory_answers').select(['answer', 'seq']).where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirst();
  const write = (attemptId: number, questionId: number, answer: string, seq: number): AnswerWrite => ({ attemptId, questionId, answer, seq, stamp: now() });

  beforeAll(async () => {
    s = await startTestServer(kind);
    await db().updateTable('theory_tests').set({ start_time: '2000-01-01 00:00:00', end_time: '2999-01-01 00:00:00', times: 30 }).where('id', '=', 5).execute();
    const start = async (username: string) => (await s.post('theory/start', { logid: 5 }, await s.login(username))).body.data.id as number;
    first = await start('stu00031');
    second = await start('stu00032');
    questions = (await db().selectFrom('theory_questions').select('id').where('test_id', '=', 5).orderBy('id').execute()).map((r) => r.id);
  });
  afterAll(async () => s?.close());

  it('gives each save of one moment its own outcome, the newest seq of a question kept', async () => {
    const [q1, q2] = questions;
    // Asked for in one turn of the event loop: one batch. The same question twice (a retry beside a newer save).
    const replies = await Promise.all([
      storeAnswer(db(), write(first, q1, '旧的', 3)),
      storeAnswer(db(), write(first, q1, '新的', 5)),
      storeAnswer(db(), write(first, q2, 'A', 1)),
      storeAnswer(db(), write(second, q1, 'B', 1)),
    ]);
    // The older save was either written and then overtaken (SQLite's batch runs the statements in turn) or never
    // written (PostgreSQL's one statement writes each question once, its newest seq): both are true to what happened.
    expect([{ answer: '旧的', seq: 3 }, { answer: '新的', seq: 5 }]).toContainEqual(replies[0]);
    expect(replies.slice(1)).toEqual([{ answer: '新的', seq: 5 }, { answer: 'A', seq: 1 }, { answer: 'B', seq: 1 }]);
    expect(await stored(first, q1)).toEqual({ answer: '新的', seq: 5 });
    expect(await stored(second, q1)).toEqual({ answer: 'B', seq: 1 });

    // A late save (an older seq) writes nothing.
    expect(await storeAnswer(db(), write(first, q1, '迟到的', 4))).toBeUndefined();
    expect(await stored(first, q1)).toEqual({ answer: '新的', seq: 5 });
  });

  it('writes nothing for an attempt handed in, beside saves of open attempts in the same batch', async () => {
    const [, q2, q3] = questions;
    await db().updateTable('theory_attempts').set({ status: 'submitted' }).where('id', '=', second).execute();
    const replies = await Promise.all([storeAnswer(db(), write(second, q2, 'C', 2)), storeAnswer(db(), write(first, q3, 'D', 6))]);
    expect(replies).toEqual([undefined, { answer: 'D', seq: 6 }]);
    expect(await stored(second, q2)).toBeUndefined();
    expect(await stored(first, q3)).toEqual({ answer: 'D', seq: 6 });
  });
});
