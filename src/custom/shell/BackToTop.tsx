import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';

export function BackToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  return (
    <Affix position={{ bottom: 40, right: 32 }}>
      <Transition transition="slide-up" mounted={scroll.y > 400}>
        {(style) => (
          <ActionIcon style={style} size={44} radius="xl" variant="filled" aria-label="回到顶部" onClick={() => scrollTo({ y: 0 })}>
            <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d="M12 19V5M5 12l7-7 7 7" /></svg>
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
