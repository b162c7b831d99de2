import { formatDuration, formatText } from '../format/format';
import { readPath } from '../data/request';
import type { StatsFigure, StatsFormat } from './figures.schema.gen';

const EMPTY: Record<StatsFormat, string> = { number: '0', duration: formatDuration(0), rank: '—', text: '—' };

/** The text a figure shows for a reply: its formatted value and suffix, or its `empty` text when there is none. */
export function figureText(figure: StatsFigure, data: unknown): string {
  const format = figure.format ?? 'number';
  const value = readPath(data, figure.field);
  const missing = value === undefined || value === null || value === '' || (format === 'rank' && !(Number(value) >= 1));
  if (missing) return figure.empty ?? EMPTY[format];
  const text = format === 'duration' ? formatDuration(value) : formatText(value);
  return `${text}${figure.suffix ?? ''}`;
}
