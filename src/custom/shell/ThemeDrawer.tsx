import { Drawer, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { chooseTheme, shellSettings, storedThemeId, useSiteConfig } from '../../engine';

/** 主题风格: a 400 px drawer with the preset themes; choosing one applies it, saves it and closes. */
export function ThemeDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const themes = shellSettings(useSiteConfig()!).themes;
  const [current, setCurrent] = useState(() => storedThemeId(themes));
  return (
    // 400 CSS pixels whatever the root font scaling (Mantine sizes are rem, which the scaling shrinks).
    <Drawer opened={opened} onClose={onClose} position="right" title="主题风格" styles={{ content: { flex: '0 0 400px', maxWidth: '100%' } }}>
      <SimpleGrid cols={1} spacing="md">
        {themes.options.map((t) => (
          <button
            key={t.id}
            type="button"
            className="theme-preview"
            data-active={t.id === current}
            data-testid={`theme-${t.id}`}
            onClick={() => {
              chooseTheme(themes, t.id);
              setCurrent(t.id);
              onClose();
            }}
          >
            <div className="theme-preview__bar" style={{ background: t.header, color: t.headerText }}>页头</div>
            <div className="theme-preview__page" style={{ background: t.page }} />
            <Text size="sm" p="xs">{t.name}</Text>
          </button>
        ))}
      </SimpleGrid>
    </Drawer>
  );
}
