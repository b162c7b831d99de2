import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import type { Learn, User } from '../db/schema';
import { fromNow, now } from '../db/time';
import { refuse } from '../http/errors';
import { hashToken } from './sessions';

/** A launch token lets one simulation run post one result; long enough for a full training session. */
export const LAUNCH_SECONDS = 4 * 3600;
const PURPOSE = 'learn';

export const LAUNCH_MESSAGES = {
  invalid: '启动令牌无效，请从平台重新进入实训',
  expired: '启动令牌已过期，请从平台重新进入实训',
  used: '该启动令牌已提交过成绩，请从平台重新进入实训',
};

/**
 * Issues a single-use launch token for a student and course. The first launch of a course by a student also
 * counts them as one of its learners (user_count counts students, not clicks).
 */
export async function issueLaunchToken(db: Db, user: User, course: Learn): Promise<{ token: string; expires_at: string }> {
  const earlier = await db.selectFrom('launch_tokens').select('id').where('user_id', '=', user.id).where('learn_id', '=', course.id).executeTakeFirst();
  if (!earlier) await db.updateTable('learns').set((eb) => ({ user_count: eb('user_count', '+', 1) })).where('id', '=', course.id).execute();
  const token = randomBytes(32).toString('hex');
  const expires_at = fromNow(LAUNCH_SECONDS);
  await db.insertInto('launch_tokens').values({ token_hash: hashToken(token), purpose: PURPOSE, user_id: user.id, learn_id: course.id, expires_at }).execute();
  return { token, expires_at };
}

/** The course's simulation address with the token and our API base appended (relative addresses stay relative). */
export function launchUrl(courseUrl: string, token: string, apiBase: string): string {
  const [path, hash = ''] = courseUrl.split('#', 2);
  const joiner = path.includes('?') ? '&' : '?';
  const query = new URLSearchParams({ token, api: apiBase }).toString();
  return `${path}${joiner}${query}${hash ? `#${hash}` : ''}`;
}

export type LaunchRow = Awaited<ReturnType<typeof findLaunch>>;

/** The launch a token belongs to, or a refusal that says why it cannot be used (unknown or expired). */
export async function findLaunch(db: Db, token: string) {
  const row = /^[0-9a-f]{64}$/.test(token)
    ? await db.selectFrom('launch_tokens').selectAll().where('token_hash', '=', hashToken(token)).where('purpose', '=', PURPOSE).executeTakeFirst()
    : undefined;
  if (!row || row.learn_id === null) throw refuse(LAUNCH_MESSAGES.invalid);
  return { ...row, learn_id: row.learn_id };
}

/** An unused launch must still be inside its lifetime; a used one is only good for answering an identical retry. */
export function assertUsable(row: NonNullable<LaunchRow>): void {
  if (row.used_at) throw refuse(LAUNCH_MESSAGES.used);
  if (row.expires_at <= now()) throw refuse(LAUNCH_MESSAGES.expired);
}
