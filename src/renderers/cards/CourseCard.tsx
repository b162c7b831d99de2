import { Card, Group, Image, Rating, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount, formatDate, formatText } from '../format/format';
import { ClockIcon, UsersIcon } from '../ui/icons';
import { IMAGE_PLACEHOLDER } from '../ui/placeholder';
import classes from './cards.module.css';
import type { CardLayout, CardMeta } from './schema.gen';

interface Props {
  item: Record<string, unknown>;
  layout: CardLayout;
  /** Route the card opens, or null when no YAML rule applies. */
  to: string | null;
}

const ICONS = { clock: ClockIcon, users: UsersIcon };

function metaText(meta: CardMeta, value: unknown): string {
  switch (meta.format) {
    case 'count':
      return formatCount(value);
    case 'date':
    case 'datetime':
      return formatDate(value, meta.format);
    default:
      return formatText(value);
  }
}

/** One card of the grid: image, title, meta facts, 5-star row; the whole card is the link. */
export function CourseCard({ item, layout, to }: Props) {
  const title = formatText(item[layout.title]);
  const stars = layout.stars ?? 5;
  // An array, not a fragment: Card finds its first Section among direct children to bleed the image to the edges.
  const body = [
      <Card.Section key="image">
        <Image
          src={layout.image ? formatText(item[layout.image]) || null : null}
          fallbackSrc={IMAGE_PLACEHOLDER}
          h={160}
          fit="cover"
          alt={title}
          loading="lazy"
        />
      </Card.Section>,
      <Stack key="text" gap={8} mt="sm">
        <Text fw={600} size="md" lineClamp={1} title={title} data-testid="course-card-title">
          {title}
        </Text>
        {layout.meta && layout.meta.length > 0 && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {layout.meta.map((meta) => {
              const Icon = meta.icon ? ICONS[meta.icon] : null;
              const text = (
                <Group gap={4} wrap="nowrap" c="dimmed" data-field={meta.field}>
                  {Icon && <Icon size={14} />}
                  <Text size="xs" c="dimmed" span>
                    {metaText(meta, item[meta.field])}
                    {meta.suffix}
                  </Text>
                </Group>
              );
              return meta.label ? (
                <Tooltip key={meta.field} label={meta.label} withArrow>
                  {text}
                </Tooltip>
              ) : (
                <span key={meta.field}>{text}</span>
              );
            })}
          </Group>
        )}
        {stars > 0 && <Rating value={stars} count={5} readOnly size="sm" aria-label={`${stars}星`} />}
      </Stack>,
  ];
  const look = {
    withBorder: true,
    radius: 'md',
    padding: 'md',
    shadow: 'xs',
    className: classes.card,
    'data-testid': 'course-card',
  } as const;
  return to ? (
    <Card component={Link} to={to} {...look}>{body}</Card>
  ) : (
    <Card {...look}>{body}</Card>
  );
}
