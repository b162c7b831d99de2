import { notify, type ShellSettings, type UserInfo } from '../../engine';

/** Texts of the class-state notices (config/app.yaml `classNotices`); `{date}` is the class's trial date. */
export type ClassNoticeTexts = ShellSettings['classNotices'];

/** What this page load's class notices were shown for: the user and the state they describe. */
let shownFor: string | null = null;
let shownIds: string[] = [];

/**
 * Persistent notices for a class on trial, an expired trial, and a class application pending or rejected. Shown once
 * per user and state; when a fresh profile says the state changed (an application approved meanwhile), the old
 * notices are taken down and the new ones shown.
 */
export function showClassNotices(user: UserInfo | null, texts: ClassNoticeTexts | undefined): void {
  if (!user || !texts) return;
  // `expired` is the server's verdict (status 2, or status 1 past its date), the rule it also blocks learning by.
  const klass = user.class as { probation_status?: number; probation_date?: string | null; expired?: boolean } | null | undefined;
  const date = String(klass?.probation_date ?? '').slice(0, 10);
  const reason = String(user.review_reason ?? '').trim();
  const state = JSON.stringify([user.id, user.type, klass?.expired, klass?.probation_status, date, reason]);
  if (shownFor === state) return;
  shownFor = state;
  shownIds.forEach((id) => notify.hide(id));
  shownIds = [];
  const fill = (key: string, t?: string) => {
    if (!t) return;
    const id = `class-notice:${key}`;
    shownIds.push(id);
    notify.warn(t.replace('{date}', date).replace('{reason}', reason), { persistent: true, id });
  };
  if (user.type === 4) fill('pending', texts.pending);
  if (user.type === 5) {
    fill('rejected', texts.rejected);
    // The administrator's reason for the rejection, when there is one (admin/application/reject).
    if (reason) fill('reason', texts.rejectedReason);
  }
  if (klass?.expired || klass?.probation_status === 2) fill('expired', texts.expired);
  else if (klass?.probation_status === 1) fill('probation', texts.probation);
}
