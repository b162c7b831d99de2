// Maps a data path (['features', 'qaCentre']) to a line:column in a parsed YAML document.
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { LoadedYaml } from './load.js';

export type PathSeg = string | number;

export interface Position {
  line: number;
  column: number;
}

export interface Located extends Position {
  /** How many path segments were found in the document (== path.length when all). */
  depth: number;
}

function keyMatches(key: unknown, seg: PathSeg): boolean {
  if (isScalar(key)) return String(key.value) === String(seg);
  return String(key) === String(seg);
}

function start(loaded: LoadedYaml, offset: number | undefined): Position {
  if (offset === undefined) return { line: 1, column: 1 };
  const { line, col } = loaded.lineCounter.linePos(offset);
  return { line, column: col };
}

/**
 * Finds the source position of the entry at `path`. A mapping entry is reported at its key
 * (so `qaCentre: "yes"` points at `qaCentre`), a list item at the item, the document root at its first node.
 * When the path does not exist fully, the deepest existing ancestor is reported; `depth` says how deep it got.
 */
export function locate(loaded: LoadedYaml, path: PathSeg[]): Located {
  let node: unknown = loaded.doc.contents;
  let pos = start(loaded, (node as Node | null)?.range?.[0] ?? 0);
  let depth = 0;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyMatches(p.key, seg));
      if (!pair) break;
      const keyNode = pair.key as Node | null;
      pos = start(loaded, keyNode?.range?.[0] ?? (pair.value as Node | null)?.range?.[0]);
      node = pair.value;
    } else if (isSeq(node)) {
      const index = typeof seg === 'number' ? seg : /^\d+$/.test(seg) ? Number(seg) : -1;
      const item = index >= 0 ? node.items[index] : undefined;
      if (item === undefined) break;
      const r = (item as Node | null)?.range?.[0];
      if (r !== undefined) pos = start(loaded, r);
      node = item;
    } else {
      break;
    }
    depth++;
  }
  return { ...pos, depth };
}

/** A place an error may come from: a document, and where in it the validated value lives. */
export interface Target {
  loaded: LoadedYaml;
  prefix: PathSeg[];
}

/**
 * For a value built by merging several files, picks the file the offending entry comes from: the first target
 * containing the whole path, else the one containing the deepest part of it (earlier targets win ties).
 */
export function locateIn(targets: Target[], path: PathSeg[]): { target: Target; pos: Located } {
  let best: { target: Target; pos: Located; score: number } | undefined;
  for (const target of targets) {
    const full = [...target.prefix, ...path];
    const pos = locate(target.loaded, full);
    if (pos.depth === full.length) return { target, pos };
    // only count how far into `path` we got once the prefix itself exists in this file
    const score = pos.depth - target.prefix.length;
    if (!best || score > best.score) best = { target, pos, score };
  }
  if (!best) throw new Error('locateIn: no targets');
  return { target: best.target, pos: best.pos };
}
