import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** One place for user-facing toasts, so every part shows messages the same way. */
export const notify = {
  error: (message: string) => notifications.show({ color: 'red', message, autoClose: 4000, style: { whiteSpace: 'pre-line' } }),
  success: (message: string) => notifications.show({ color: 'green', message, autoClose: 3000 }),
  info: (message: string) => notifications.show({ color: 'blue', message, autoClose: 4000 }),
  warn: (message: ReactNode, opts: { persistent?: boolean; id?: string } = {}) => notifications.show({ id: opts.id, color: 'orange', message, autoClose: opts.persistent ? false : 5000 }),
};
