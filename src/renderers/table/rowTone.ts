import { evaluate } from '../shared/engine';
import type { TemplateScope } from '../data/source';
import type { RowTone } from './schema.gen';

/** Attributes of a row coloured by `rowTone`: the tone's name (data-tone) and its background. None without a match. */
export function rowToneColor(tone: RowTone | undefined, item: Record<string, unknown>, index: number, scope: TemplateScope) {
  if (!tone) return {};
  const name = String(evaluate(tone.expression, { ...scope, item, index }) ?? '');
  const color = tone.colors[name];
  return color ? { 'data-tone': name, style: { backgroundColor: color } } : {};
}
