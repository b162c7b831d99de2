import type { Db } from '../db';
import { dialectOf } from '../db/ddl';
import { refuse } from '../http/errors';
import { isUniqueViolation } from './assignments';

/**
 * Accepting a submission once, even when several arrive at the same moment. The write itself decides who was
 * first (an insert that does nothing on the (work, student) unique pair, or an update conditional on the row still
 * being unsubmitted); whoever did not write compares what is stored with what it sent.
 */

/** What a student is told when the work was already submitted with other content; nothing of this request is stored. */
export const alreadySubmitted = (what: '作业' | '考试' | '任务' | '考核') => `您已提交过该${what}，不能重复提交（本次提交的内容未保存）`;

/** Runs an insert … on conflict do nothing returning id: true when this request stored the row. */
export async function insertedFirst(insert: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  try {
    return (await insert.executeTakeFirst()) !== undefined;
  } catch (error) {
    // PostgreSQL may still report a concurrent duplicate on another unique index (the receipt).
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Runs a conditional update: true when it changed the row (the condition still held). */
export async function updatedFirst(update: { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> }): Promise<boolean> {
  return Number((await update.executeTakeFirst()).numUpdatedRows) > 0;
}

/**
 * A submission found already stored: the same fields again (double click, retry after a timeout) is answered with
 * the stored row (idempotent); anything else is refused. `sent` is null when the request could not even be read
 * as work (it cannot be the same).
 */
export function assertSameAsStored<T extends object>(stored: T, sent: Partial<T> | null, message: string): T {
  const same = sent !== null && (Object.keys(sent) as (keyof T)[]).every((key) => stored[key] === sent[key]);
  if (!same) throw refuse(message);
  return stored;
}

/**
 * Runs `work` in a transaction during which no other request of the same user runs its own `oneAtATime` work, so
 * a read-then-write decision (is this a duplicate?) cannot interleave with a twin request. PostgreSQL: the user's
 * row is locked for the transaction. SQLite: the single connection already runs one transaction at a time.
 */
export function oneAtATime<T>(db: Db, userId: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(db) === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    return work(trx);
  });
}
