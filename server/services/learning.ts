import type { Db } from '../db';
import type { User } from '../db/schema';
import { now } from '../db/time';

/** Texts by class state, `{date}` being the trial date: config/app.yaml `classNotices`, the same ones the shell shows. */
export interface ClassTexts {
  probation?: string;
  expired?: string;
  pending?: string;
  rejected?: string;
  rejectedReason?: string;
}

/** Spec §8 wording, used when a school's configuration leaves a state's text out (learning is blocked all the same). */
const SPEC_TEXTS: Required<ClassTexts> = {
  pending: '您的班级信息正在审核中，该功能暂不可用，请联系老师',
  rejected: '您的班级信息审核未通过，请到个人中心修改后重新提交',
  expired: '您所在班级的试用期已于{date}结束，请续费后使用',
  probation: '您所在班级的试用期将于{date}结束，如需延期请联系管理员',
  rejectedReason: '驳回原因：{reason}',
};

export interface ClassState {
  /** Why learning is blocked, or null. */
  blocked: string | null;
  /** The persistent trial warning (class on probation, not yet expired), or null. */
  notice: string | null;
}

/**
 * A class's trial has ended at status 2, and also at status 1 once its date has passed (before anyone set the
 * status): the one rule for blocking learning and for the notice the shell shows (user info `class.expired`).
 */
export function trialExpired(klass: { probation_status: number; probation_date: string | null }, today = now().slice(0, 10)): boolean {
  const date = (klass.probation_date ?? '').slice(0, 10);
  return klass.probation_status === 2 || (klass.probation_status === 1 && date !== '' && date < today);
}

/** Spec §4: probation status 1 warns (trial ends on a date), 2 blocks (trial ended on that date). */
export async function classState(db: Db, user: User, configured: ClassTexts = {}): Promise<ClassState> {
  const texts = { ...SPEC_TEXTS, ...configured };
  const fill = (text: string, date = '') => text.replace('{date}', date);
  if (user.type === 4) return { blocked: fill(texts.pending), notice: null };
  if (user.type === 5) {
    const reason = user.review_reason?.trim() ? `（${texts.rejectedReason.replace('{reason}', user.review_reason.trim())}）` : '';
    return { blocked: fill(texts.rejected) + reason, notice: null };
  }
  if (!user.class_id) return { blocked: null, notice: null };
  const klass = await db.selectFrom('classes').select(['probation_status', 'probation_date']).where('id', '=', user.class_id).executeTakeFirst();
  if (!klass || klass.probation_status === 0) return { blocked: null, notice: null };
  const date = (klass.probation_date ?? '').slice(0, 10);
  return trialExpired(klass) ? { blocked: fill(texts.expired, date), notice: null } : { blocked: null, notice: fill(texts.probation, date) };
}
