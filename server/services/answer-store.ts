import { CompiledQuery } from 'kysely';
import type { Db } from '../db';
import { dialectOf } from '../db/ddl';
import { groupCommit } from '../db/group-commit';
import { preparedQuery } from '../db/prepared';

/** One autosaved answer to write: kept only while the attempt is in progress and no newer seq is stored. */
export interface AnswerWrite {
  attemptId: number;
  questionId: number;
  answer: string;
  seq: number;
  stamp: string;
}

/** What the write stored (undefined: nothing written — a newer seq is held, or the attempt is no longer open). */
export type Stored = { answer: string; seq: number } | undefined;

/**
 * Writes an autosaved answer in one statement that also checks the attempt is still in progress (a finish cannot slip
 * between check and write: SQLite runs statements one at a time, and on PostgreSQL FOR SHARE waits for a finish in
 * flight and re-checks). During an exam every student's autosave arrives within milliseconds of the others, so the
 * writes asked for in one turn of the event loop go together: on SQLite in one transaction (db/group-commit.ts), on
 * PostgreSQL as one multi-row statement — one round trip and one parse instead of one per save, which is most of a
 * save's cost in the `pg` driver. Each caller is answered only once its write is committed.
 */
export function storeAnswer(db: Db, write: AnswerWrite): Promise<Stored> {
  if (dialectOf(db) === 'postgres') return batched(db, write);
  return groupCommit(db, async (trx) => (await saveAnswerQuery(trx, write.attemptId, write.questionId, write.answer, write.seq, write.stamp))[0]);
}

const saveAnswerQuery = preparedQuery((db: Db, attemptId: number, questionId: number, answer: string, seq: number, stamp: string) => {
  const openAttempt = db.selectFrom('theory_attempts').select('id').where('id', '=', attemptId).where('status', '=', 'in_progress');
  return db
    .insertInto('theory_answers')
    .columns(['attempt_id', 'question_id', 'answer', 'seq', 'updated_at'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.cast<number>(eb.val(attemptId), 'integer').as('a'), eb.cast<number>(eb.val(questionId), 'integer').as('q'), eb.cast<string>(eb.val(answer), 'text').as('t'),
          eb.cast<number>(eb.val(seq), 'integer').as('s'), eb.cast<string>(eb.val(stamp), 'text').as('u'),
        ])
        .where((eb) => eb.exists(openAttempt)),
    )
    .onConflict((oc) =>
      oc
        .columns(['attempt_id', 'question_id'])
        .doUpdateSet((eb) => ({ answer: eb.ref('excluded.answer'), seq: eb.ref('excluded.seq'), updated_at: eb.ref('excluded.updated_at') }))
        .where('theory_answers.seq', '<', (eb) => eb.ref('excluded.seq')),
    )
    .returning(['answer', 'seq']);
});

interface Waiting {
  write: AnswerWrite;
  done: (stored: Stored) => void;
  failed: (error: unknown) => void;
}

/** Rows per statement (5 parameters each, far under PostgreSQL's 65,535). */
const CHUNK = 500;
const waiting = new WeakMap<Db, Waiting[]>();

function batched(db: Db, write: AnswerWrite): Promise<Stored> {
  return new Promise<Stored>((done, failed) => {
    let queue = waiting.get(db);
    if (!queue) {
      waiting.set(db, (queue = []));
      setImmediate(() => {
        waiting.delete(db);
        for (let i = 0; i < queue!.length; i += CHUNK) void writeRows(db, queue!.slice(i, i + CHUNK));
      });
    }
    queue.push({ write, done, failed });
  });
}

/**
 * One statement for the batch. A question saved twice in one batch (a retry beside its original, or two quick saves)
 * is written once, with its highest seq — one statement may not update a row twice — and every caller of that question
 * gets what was stored, as if the lower one had arrived first and been overtaken.
 */
async function writeRows(db: Db, batch: Waiting[]): Promise<void> {
  const key = (a: number, q: number) => `${a}:${q}`;
  const newest = new Map<string, AnswerWrite>();
  for (const { write } of batch) {
    const k = key(write.attemptId, write.questionId);
    const held = newest.get(k);
    if (!held || write.seq > held.seq) newest.set(k, write);
  }
  const parameters: unknown[] = [];
  // In key order, so two batches writing the same rows lock them in the same order (no deadlock between them).
  const ordered = [...newest.values()].sort((x, y) => x.attemptId - y.attemptId || x.questionId - y.questionId);
  const rows = ordered.map((w) => {
    const n = parameters.push(w.attemptId, w.questionId, w.answer, w.seq, w.stamp);
    return `($${n - 4}::integer, $${n - 3}::integer, $${n - 2}::text, $${n - 1}::integer, $${n}::text)`;
  });
  const text = `insert into "theory_answers" ("attempt_id", "question_id", "answer", "seq", "updated_at")
    select v.a, v.q, v.t, v.s, v.u from (values ${rows.join(', ')}) as v (a, q, t, s, u)
    where exists (select 1 from "theory_attempts" where "id" = v.a and "status" = 'in_progress' for share)
    on conflict ("attempt_id", "question_id") do update set "answer" = excluded."answer", "seq" = excluded."seq", "updated_at" = excluded."updated_at"
    where "theory_answers"."seq" < excluded."seq"
    returning "attempt_id", "question_id", "answer", "seq"`;
  let written: Map<string, Stored>;
  try {
    const result = await db.executeQuery<{ attempt_id: number; question_id: number; answer: string; seq: number }>(CompiledQuery.raw(text, parameters));
    written = new Map(result.rows.map((r) => [key(r.attempt_id, r.question_id), { answer: r.answer, seq: r.seq }]));
  } catch (error) {
    for (const item of batch) item.failed(error);
    return;
  }
  for (const item of batch) item.done(written.get(key(item.write.attemptId, item.write.questionId)));
}
