import type { ListQuery } from '../data/source';
import type { CategoryNode } from './types';

/** The category tree is read whole, unpaged. */
export const WHOLE_TREE: ListQuery = { page: 1, filters: {} };

/** A node whose `link` is null is "暂未开放": shown, never usable as a course filter (a tree without links is all open). */
export function isOpen(node: CategoryNode): boolean {
  return node.link !== null;
}

/**
 * The category ids a chosen direction filters by: its open types, comma separated.
 * A direction with no open types falls back to its own id, which simply matches no course.
 */
export function directionIds(direction: CategoryNode): string {
  const open = (direction.children ?? []).filter(isOpen).map((child) => String(child.value));
  return open.length > 0 ? open.join(',') : String(direction.value);
}

/** What the category chips show: a direction (or 全部) and the chosen chip of the type row, if any. */
export interface CategoryChoice {
  direction: CategoryNode | null;
  /** `type:<value>` or `shortcut:<index>`. */
  type: string | null;
}

/** The ids a choice filters by, as CategoryFilter sends them. */
export function choiceIds(choice: CategoryChoice, shortcuts: { ids: string }[]): string | undefined {
  if (choice.type?.startsWith('shortcut:')) return shortcuts[Number(choice.type.slice('shortcut:'.length))]?.ids;
  if (choice.type?.startsWith('type:')) return choice.type.slice('type:'.length);
  return choice.direction ? directionIds(choice.direction) : undefined;
}

/**
 * The choice behind a filter value read back from the address: a shortcut's ids, a direction's ids, or one type's id;
 * anything else shows 全部.
 */
export function locateChoice(tree: CategoryNode[], shortcuts: { ids: string }[], value: unknown, current: CategoryNode | null): CategoryChoice {
  const v = value === undefined || value === null ? '' : String(value);
  if (v === '') return { direction: null, type: null };
  const shortcut = shortcuts.findIndex((s) => s.ids === v);
  if (shortcut >= 0) return { direction: current, type: `shortcut:${shortcut}` };
  const direction = tree.find((d) => isOpen(d) && directionIds(d) === v);
  if (direction) return { direction, type: null };
  const parent = tree.find((d) => (d.children ?? []).some((c) => String(c.value) === v));
  return parent ? { direction: parent, type: `type:${v}` } : { direction: null, type: null };
}
