import { notify, type ShellSettings, type UserInfo } from '../../engine';

/** Texts of the class-state notices (config/app.yaml `classNotices`); `{date}` is the class's trial date. */
export type ClassNoticeTexts = ShellSettings['classNotices'];

/** The user whose class notices this page load has shown (the profile is loaded again after a config reload). */
let noticesShownFor: number | null = null;

/** Persistent notices for a class on trial, an expired trial, and a class application pending or rejected. */
export function showClassNotices(user: UserInfo | null, texts: ClassNoticeTexts | undefined): void {
  if (!user || !texts || noticesShownFor === user.id) return;
  noticesShownFor = user.id;
  // `expired` is the server's verdict (status 2, or status 1 past its date), the rule it also blocks learning by.
  const klass = user.class as { probation_status?: number; probation_date?: string | null; expired?: boolean } | null | undefined;
  const date = String(klass?.probation_date ?? '').slice(0, 10);
  const fill = (t?: string) => t && notify.warn(t.replace('{date}', date), { persistent: true });
  if (user.type === 4) fill(texts.pending);
  if (user.type === 5) {
    fill(texts.rejected);
    // The administrator's reason for the rejection, when there is one (admin/application/reject).
    const reason = String(user.review_reason ?? '').trim();
    if (reason && texts.rejectedReason) notify.warn(texts.rejectedReason.replace('{reason}', reason), { persistent: true });
  }
  if (klass?.expired || klass?.probation_status === 2) fill(texts.expired);
  else if (klass?.probation_status === 1) fill(texts.probation);
}

