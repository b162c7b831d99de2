import { AspectRatio, Card, Image } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount, formatDate, formatText } from '../format/format';
import { ClockIcon, UsersIcon } from '../ui/icons';
import { IMAGE_PLACEHOLDER } from '../ui/placeholder';
import classes from './cards.module.css';
import { Stars } from './Stars';
import type { CardLayout, CardMeta, CardRating } from './schema.gen';

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

/** The course's real rating (4.6 · 32人评价), or nothing while nobody has rated it. */
function RatingRow({ rating, item }: { rating: CardRating; item: Record<string, unknown> }) {
  const value = Number(item[rating.field]);
  const count = rating.count ? Number(item[rating.count]) : 1;
  if (!(value > 0) || !(count > 0)) return null;
  const shown = value.toFixed(1);
  return (
    <div className={classes.rating} data-testid="course-card-rating">
      <Stars value={value} label={`评分 ${shown} 星`} />
      <span className={classes.small}>
        <span className={classes.value}>{shown}</span>
        {rating.count && ` · ${count}${rating.countSuffix ?? '人评价'}`}
      </span>
    </div>
  );
}

/** One card of the grid: cover, title, meta facts, rating; the whole card is the link. */
export function CourseCard({ item, layout, to }: Props) {
  const title = formatText(item[layout.title]);
  // An array, not a fragment: Card finds its first Section among direct children to bleed the image to the edges.
  // The cover keeps its 16:10 box on a neutral ground while it loads, so cards never jump or flash white.
  const body = [
      <Card.Section key="image">
        <AspectRatio ratio={16 / 10} className={classes.cover}>
          <Image
            src={layout.image ? formatText(item[layout.image]) || null : null}
            fallbackSrc={IMAGE_PLACEHOLDER}
            fit="cover"
            alt=""
            loading="lazy"
          />
        </AspectRatio>
      </Card.Section>,
      <div key="text" className={classes.text}>
        <p className={classes.title} title={title} data-testid="course-card-title">
          {title}
        </p>
        {layout.meta && layout.meta.length > 0 && (
          <div className={classes.facts}>
            {layout.meta.map((meta) => {
              const Icon = meta.icon ? ICONS[meta.icon] : null;
              // The label shows on hover (title) and is read before the value; a Tooltip per fact cost every card
              // two floating-element instances on the first render.
              return (
                <div key={meta.field} className={classes.fact} data-field={meta.field} title={meta.label}>
                  {Icon && <Icon size={14} />}
                  {meta.label && <span className={classes.hidden}>{meta.label}：</span>}
                  <span className={classes.small}>
                    {metaText(meta, item[meta.field])}
                    {meta.suffix}
                  </span>
                </div>
              );
            })}
          </div>
        )}
        {layout.rating && <RatingRow rating={layout.rating} item={item} />}
      </div>,
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
