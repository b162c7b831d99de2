import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left on the server's clock. The server says how many seconds remain (at load and in every save
 * reply); the page counts down from the latest figure, so a wrong or changed computer clock cannot stretch
 * the time limit.
 */
export function useServerClock(initialSeconds: number): { remaining: number; correct(seconds: number): void } {
  const endsAt = useRef(performance.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.round((endsAt.current - performance.now()) / 1000)));
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, []);

  const correct = useCallback((seconds: number) => {
    endsAt.current = performance.now() + seconds * 1000;
    setRemaining(Math.max(0, Math.round(seconds)));
  }, []);

  return { remaining, correct };
}
