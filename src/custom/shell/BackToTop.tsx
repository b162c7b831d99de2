import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';

const SHOW_BELOW = 400;

/**
 * Shows once the page is scrolled down. The position is read only on scroll: reading it when mounting (as Mantine's
 * useWindowScroll does) forced a layout in the middle of the first render of every page.
 */
function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const onScroll = () => setDown(window.scrollY > SHOW_BELOW);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

export function BackToTop() {
  const down = useScrolledDown();
  // Nothing (not even the Affix's portal) until the page was first scrolled down; kept afterwards for the exit animation.
  const [armed, setArmed] = useState(false);
  if (down && !armed) setArmed(true);
  if (!armed) return null;
  return (
    <Affix position={{ bottom: 40, right: 32 }}>
      <Transition transition="slide-up" mounted={down}>
        {(style) => (
          <ActionIcon style={style} size={44} radius="xl" variant="filled" aria-label="回到顶部" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d="M12 19V5M5 12l7-7 7 7" /></svg>
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
