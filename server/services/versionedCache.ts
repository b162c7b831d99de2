import type { Db } from '../db';
import { versionOf, type SharedTable } from '../db/versions';

/**
 * What an entry's version is read from: the tables it is computed from, or a version of its own per key (one
 * student's inbox, db/inbox-versions.ts). `undefined`: the handle does not count its writes, nothing is kept.
 */
type VersionSource = readonly SharedTable[] | ((db: Db, key: string) => Promise<number> | undefined);

/**
 * A cache of answers computed from a few tables, one per database handle and process, that serves an entry only while
 * none of those tables (or the key's own version) has been written since it was computed (server/db/versions.ts: a
 * write through this process is seen by the next request, one through another node within about a second). The
 * version is read before computing, so a write that lands during the computation makes the entry stale at once.
 * Entries also end after `ttlMs` and the oldest goes first once `limit` is reached, or when `current(value)` says a
 * value has gone out of date on its own (one that depends on the clock). Callers must not change a value they get.
 */
export function versionedCache<V>(source: VersionSource, opts: { ttlMs?: number; limit?: number } = {}) {
  const ttlMs = opts.ttlMs ?? 10 * 60_000;
  const limit = opts.limit ?? 10_000;
  const maps = new WeakMap<Db, Map<string, { value: V; version: number; at: number }>>();
  return {
    async get(db: Db, key: string, compute: () => Promise<V>, current?: (value: V) => boolean): Promise<V> {
      const version = await (typeof source === 'function' ? source(db, key) : versionOf(db, source));
      if (version === undefined) return compute(); // a handle that does not count its writes (a transaction)
      let map = maps.get(db);
      if (!map) maps.set(db, (map = new Map()));
      const hit = map.get(key);
      const at = Date.now();
      if (hit && hit.version === version && at - hit.at < ttlMs && (!current || current(hit.value))) return hit.value;
      const value = await compute();
      map.delete(key);
      if (map.size >= limit) map.delete(map.keys().next().value!);
      map.set(key, { value, version, at });
      return value;
    },
  };
}
