// The shell's class-state notices follow the server's verdict (`class.expired`), the rule learning is blocked by.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const warn = vi.hoisted(() => vi.fn());
const hide = vi.hoisted(() => vi.fn());
vi.mock('../../src/engine', () => ({ notify: { warn, hide } }));

const TEXTS = { probation: '试用期将于{date}结束', expired: '试用期已于{date}结束', pending: '审核中', rejected: '未通过' };
const student = (id: number, klass: object | null, type = 1) => ({ id, type, class: klass }) as never;

describe('class notices', () => {
  beforeEach(() => {
    warn.mockReset();
    hide.mockReset();
  });

  it('warn of a running trial, and of an ended one as the server judges it', async () => {
    const { showClassNotices } = await import('../../src/custom/shell/classNotices');
    showClassNotices(student(1, { probation_status: 1, probation_date: '2099-12-31 23:59:59', expired: false }), TEXTS);
    // the server's day decides (its clock and time zone), not the browser's
    showClassNotices(student(2, { probation_status: 1, probation_date: '2099-01-31 23:59:59', expired: true }), TEXTS);
    showClassNotices(student(3, { probation_status: 2, probation_date: '2026-11-09 23:59:59' }), TEXTS);
    showClassNotices(student(4, null, 4), TEXTS);
    showClassNotices(student(5, { probation_status: 0, probation_date: null, expired: false }), TEXTS);
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['试用期将于2099-12-31结束', '试用期已于2099-01-31结束', '试用期已于2026-11-09结束', '审核中']);
    expect(warn.mock.calls.every((c) => c[1]?.persistent)).toBe(true);
  });

  it('shows them once per user and page load', async () => {
    const { showClassNotices } = await import('../../src/custom/shell/classNotices');
    const user = student(6, { probation_status: 2, probation_date: '2026-11-09', expired: true });
    showClassNotices(user, TEXTS);
    showClassNotices(user, TEXTS);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("adds the administrator's reason to a rejected application, when there is one", async () => {
    const { showClassNotices } = await import('../../src/custom/shell/classNotices');
    const texts = { ...TEXTS, rejectedReason: '驳回原因：{reason}' };
    showClassNotices({ id: 7, type: 5, class: null, review_reason: '请选择你所在的行政班' } as never, texts);
    showClassNotices({ id: 8, type: 5, class: null, review_reason: '' } as never, texts);
    showClassNotices({ id: 9, type: 5, class: null, review_reason: '有原因但未配置文字' } as never, TEXTS);
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['未通过', '驳回原因：请选择你所在的行政班', '未通过', '未通过']);
  });

  it('takes the 审核中 notice down when a fresh profile says the application was approved', async () => {
    const { showClassNotices } = await import('../../src/custom/shell/classNotices');
    showClassNotices(student(10, null, 4), TEXTS); // restored from the tab's storage: still pending
    expect(warn).toHaveBeenLastCalledWith('审核中', { persistent: true, id: 'class-notice:pending' });
    showClassNotices(student(10, null, 1), TEXTS); // the background refresh: approved
    expect(hide).toHaveBeenCalledWith('class-notice:pending');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
