import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { formatCount } from '../format/format';
import { useRemoteList } from '../data/useRemoteList';
import { sameValue } from './ChoiceFilters';
import { choiceIds, directionIds, isOpen, locateChoice, WHOLE_TREE } from './tree';
import type { CategoryFilterConfig } from './schema.gen';
import type { CategoryNode } from './types';

interface Props {
  config: CategoryFilterConfig;
  /** The value the list is filtered by: the chips show it, also when it comes back from the address. */
  value: unknown;
  onChange: (patch: Record<string, unknown>) => void;
}

/** Direction chips (first level, with counts) and type chips (second level of the chosen direction, plus YAML shortcuts). */
export function CategoryFilter({ config, value, onChange }: Props) {
  const tree = useRemoteList<CategoryNode>(config.source, WHOLE_TREE);
  const [picked, setPicked] = useState<CategoryNode | null>(null);
  const [pickedType, setPickedType] = useState<string | null>(null);
  const param = config.param;
  const shortcuts = config.shortcuts ?? [];
  // What was clicked here, unless the list is filtered by something else (back/forward to another address).
  const local = { direction: picked, type: pickedType };
  const { direction, type: chosenType } = sameValue(choiceIds(local, shortcuts), value) ? local : locateChoice(tree.items, shortcuts, value, picked);

  const chooseDirection = (node: CategoryNode | null) => {
    setPicked(node);
    setPickedType(null);
    onChange({ [param]: node ? directionIds(node) : undefined });
  };
  const chooseType = (key: string, ids: string) => {
    setPicked(direction);
    setPickedType(key);
    onChange({ [param]: ids });
  };

  if (tree.loading && tree.items.length === 0) {
    return (
      <Stack gap="sm" data-testid="category-loading">
        <Skeleton height={28} width="70%" radius="xl" />
        <Skeleton height={28} width="50%" radius="xl" />
      </Stack>
    );
  }
  if (tree.error) {
    return (
      <Group gap="xs" data-testid="category-failed">
        <Text size="sm" c="dimmed">分类加载失败</Text>
        <Button variant="subtle" size="compact-sm" onClick={tree.reload}>重新加载</Button>
      </Group>
    );
  }

  const types = direction?.children ?? [];
  return (
    <Stack gap="sm">
      <ChipRow label={config.directionLabel ?? '实训方向'}>
        <FilterChip text={config.allLabel ?? '全部'} active={direction === null} onClick={() => chooseDirection(null)} />
        {tree.items.map((node) => (
          <FilterChip key={String(node.value)} text={node.label} count={node.count} countSuffix={config.countSuffix} open={isOpen(node)}
            active={direction?.value === node.value} onClick={() => chooseDirection(node)} />
        ))}
      </ChipRow>
      {(shortcuts.length > 0 || types.length > 0) && (
        <ChipRow label={config.typeLabel ?? '实训类型'}>
          {shortcuts.map((shortcut, i) => (
            <FilterChip key={`shortcut-${i}`} text={shortcut.label} active={chosenType === `shortcut:${i}`}
              onClick={() => chooseType(`shortcut:${i}`, shortcut.ids)} />
          ))}
          {types.map((node) => (
            <FilterChip key={String(node.value)} text={node.label} count={node.count} countSuffix={config.countSuffix} open={isOpen(node)}
              active={chosenType === `type:${node.value}`} onClick={() => chooseType(`type:${node.value}`, String(node.value))} />
          ))}
        </ChipRow>
      )}
    </Stack>
  );
}

export function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="center" wrap="nowrap">
      <Text size="sm" fw={600} c="dimmed" miw={72} style={{ flexShrink: 0 }}>
        {label}：
      </Text>
      <Group gap={8} role="group" aria-label={label}>
        {children}
      </Group>
    </Group>
  );
}

interface ChipProps {
  text: string;
  count?: number;
  /** What the count counts, where it is not what the list shows (YAML `countSuffix`). */
  countSuffix?: string;
  open?: boolean;
  active: boolean;
  onClick: () => void;
}

export function FilterChip({ text, count, countSuffix = '', open = true, active, onClick }: ChipProps) {
  if (!open) {
    return (
      <Button size="compact-sm" radius="xl" variant="default" disabled data-closed="true"
        rightSection={<Badge size="xs" variant="light" color="gray">暂未开放</Badge>}>
        {text}
      </Button>
    );
  }
  return (
    <Button size="compact-sm" radius="xl" variant={active ? 'filled' : 'default'} aria-pressed={active} onClick={onClick}>
      {text}
      {count !== undefined && <Text span size="xs" ml={4} opacity={0.75} data-testid="filter-count">({formatCount(count)}{countSuffix})</Text>}
    </Button>
  );
}
