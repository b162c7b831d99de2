// A screen's place under other screens (its YAML `parent:`), read by the client's page heading and navigation and by
// the config check, which refuses an unknown parent or a loop.

/** What the trail needs of a screen: the screen it sits under. */
export interface ParentLink {
  parent?: string;
}

/**
 * The ids of the screens above `id`, outermost first (`practices` for the score detail). Stops at an unknown id, and
 * at a loop, reporting it: `loop` is then the id met twice.
 */
export function screenTrail(screens: Readonly<Record<string, ParentLink>>, id: string): { ids: string[]; loop?: string } {
  const ids: string[] = [];
  const seen = new Set([id]);
  for (let up = screens[id]?.parent; up !== undefined && screens[up]; up = screens[up].parent) {
    if (seen.has(up)) return { ids, loop: up };
    seen.add(up);
    ids.unshift(up);
  }
  return { ids };
}
