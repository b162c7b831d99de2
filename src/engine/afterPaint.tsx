import { useEffect, useState, type ReactNode } from 'react';

let painted = false;
let waiting: (() => void)[] | null = null;

/** Calls `done` once the page's first frame has been painted (at once after that). */
function whenPainted(done: () => void): void {
  if (painted) return done();
  if (waiting) return void waiting.push(done);
  waiting = [done];
  const settle = () => {
    if (painted) return;
    painted = true;
    const all = waiting ?? [];
    waiting = null;
    all.forEach((f) => f());
  };
  // A timer set inside the frame's callback runs after that frame is painted; a hidden tab paints no frames.
  requestAnimationFrame(() => setTimeout(settle, 0));
  setTimeout(settle, 500);
}

/**
 * False on the page's first render, true once its first frame is painted: for parts the first content does not need
 * (toasts, polls, badges), so they neither lengthen that render nor (Mantine's portal and transition group set state
 * as they mount) force a second render and every effect to run before the first paint. Later mounts get true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (!ready) whenPainted(() => setReady(true));
  }, [ready]);
  return ready;
}

/** Draws its children only once the page's first frame is painted (see useAfterFirstPaint). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
