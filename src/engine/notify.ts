import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Failures a screen is showing inline right now (a LoadFailed block), by message, counted per block. */
const inline = new Map<string, number>();
const errorId = (message: string) => `error:${message}`;

/**
 * One place for user-facing toasts, so every part shows messages the same way. A failure is said once: an error
 * already on screen — as a toast or inline in a screen's error block — is not shown again, so several calls failing
 * the same way at once (e.g. every call of a page after the session ended, or with the server down) give one message.
 */
export const notify = {
  error: (message: string) => {
    if (inline.has(message)) return;
    notifications.show({ id: errorId(message), color: 'red', message, autoClose: 4000, style: { whiteSpace: 'pre-line' } });
  },
  /**
   * The session ended (登录信息已失效…): always a toast — the page is about to leave for Login, so no block on it may
   * stand for it — and one however many calls were refused at once.
   */
  sessionEnded: (message: string) => {
    notifications.show({ id: 'session-ended', color: 'red', message, autoClose: 4000 });
  },
  success: (message: string) => notifications.show({ color: 'green', message, autoClose: 3000 }),
  info: (message: string) => notifications.show({ color: 'blue', message, autoClose: 4000 }),
  warn: (message: ReactNode, opts: { persistent?: boolean; id?: string } = {}) => notifications.show({ id: opts.id, color: 'orange', message, autoClose: opts.persistent ? false : 5000 }),
  /** Takes down a toast shown with an `id` (e.g. a persistent notice whose reason has gone). */
  hide: (id: string) => notifications.hide(id),
  /**
   * A screen now says this failure inline: a toast of the same message (e.g. a background call that failed a moment
   * earlier) is taken down and none is shown while the block stays. Returns the release for when the block goes.
   */
  shownInline: (message: string): (() => void) => {
    inline.set(message, (inline.get(message) ?? 0) + 1);
    notifications.hide(errorId(message));
    return () => {
      const left = (inline.get(message) ?? 1) - 1;
      if (left > 0) inline.set(message, left);
      else inline.delete(message);
    };
  },
};
