import type { Db } from '../db';

/**
 * A small cache of figures many students share (catalogue totals, ranks by score), one per database handle and
 * process. Entries live `ttlMs`; writers this process knows about call `clear`. Bounded: the oldest entry goes
 * first once `limit` is reached.
 */
export function sharedCache<V>(ttlMs: number, limit = 10_000) {
  const maps = new WeakMap<Db, Map<string, { value: V; at: number }>>();
  const mapOf = (db: Db) => {
    let map = maps.get(db);
    if (!map) maps.set(db, (map = new Map()));
    return map;
  };
  return {
    async get(db: Db, key: string, compute: () => Promise<V>): Promise<V> {
      const map = mapOf(db);
      const hit = map.get(key);
      const at = Date.now();
      if (hit && at - hit.at < ttlMs) return hit.value;
      const value = await compute();
      map.delete(key);
      if (map.size >= limit) map.delete(map.keys().next().value!);
      map.set(key, { value, at });
      return value;
    },
    clear(db: Db): void {
      maps.get(db)?.clear();
    },
  };
}
