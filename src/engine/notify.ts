import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * One place for user-facing toasts, so every part shows messages the same way. An error already on screen is not
 * shown again: several calls failing the same way at once (e.g. every call of a page after the session ended) give
 * one toast, not a stack of identical ones.
 */
export const notify = {
  error: (message: string) => notifications.show({ id: `error:${message}`, color: 'red', message, autoClose: 4000, style: { whiteSpace: 'pre-line' } }),
  success: (message: string) => notifications.show({ color: 'green', message, autoClose: 3000 }),
  info: (message: string) => notifications.show({ color: 'blue', message, autoClose: 4000 }),
  warn: (message: ReactNode, opts: { persistent?: boolean; id?: string } = {}) => notifications.show({ id: opts.id, color: 'orange', message, autoClose: opts.persistent ? false : 5000 }),
  /** Takes down a toast shown with an `id` (e.g. a persistent notice whose reason has gone). */
  hide: (id: string) => notifications.hide(id),
};
