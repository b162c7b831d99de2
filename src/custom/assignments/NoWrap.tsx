import type { ReactNode } from 'react';

/** Keeps a date-time on one line when its sentence wraps (a narrow card at 1366 wide broke 2026-12-20 | 18:00:00). */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}
