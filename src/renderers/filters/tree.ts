import type { CategoryNode } from './types';

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
