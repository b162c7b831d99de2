import { Center, Paper, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import type { RendererProps } from '../shared/engine';
import type { TabsProps } from './schema.gen';

/** `type: tabs` — other screens as tab panels, by screen id (drawn by the engine's `renderScreen`); only the chosen panel is mounted. */
export default function TabsRenderer({ props, renderScreen }: RendererProps<TabsProps>) {
  const [search, setSearch] = useSearchParams();
  const param = props.param ?? 'tab';
  const active = props.tabs.find((t) => t.key === search.get(param))?.key ?? props.tabs[0].key;

  const choose = (key: string | null) => {
    if (!key) return;
    const next = new URLSearchParams(search);
    next.set(param, key);
    setSearch(next, { replace: true });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Tabs value={active} onChange={choose} keepMounted={false}>
        <Tabs.List mb="md">
          {props.tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} data-testid={`tab-${t.key}`}>{t.label}</Tabs.Tab>
          ))}
        </Tabs.List>
        {props.tabs.map((t) => (
          <Tabs.Panel key={t.key} value={t.key}>
            {t.key === active && (renderScreen?.(t.screen) ?? (
              <Center py="xl" data-testid="tab-placeholder"><Text c="dimmed">{props.placeholder ?? '该功能暂未开放'}</Text></Center>
            ))}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
