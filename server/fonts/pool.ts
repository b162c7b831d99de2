// Font subsets for score/pdf_font, off the event loop: one worker thread does the cutting, one request at a time,
// and a small LRU cache (keyed by the sorted set of distinct characters) answers repeated exports without it.
import { Worker } from 'node:worker_threads';

export interface Subset {
  /** The TrueType bytes, base64 (as the reply carries them). */
  base64: string;
  missing: string;
}

/** Bounds of the cache: entries and total base64 characters held (a 3,000-character subset is ≈ 1.4 MB). */
export const CACHE_MAX_ENTRIES = 64;
export const CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Requests waiting for the worker (the one being cut included) beyond which new ones are refused at once. */
export const MAX_QUEUE = 16;

export class QueueFullError extends Error {}

interface Job {
  resolve(subset: Subset): void;
  reject(err: Error): void;
}

const cache = new Map<string, Subset>();
let cachedBytes = 0;
const inFlight = new Map<string, Promise<Subset>>();
const jobs = new Map<number, Job>();
let nextId = 1;
let worker: Worker | null = null;
const stats = { hits: 0, misses: 0, computed: 0 };

/** The cache key: the font and the distinct characters in code-point order, so order and repeats do not matter. */
export const subsetKey = (path: string, text: string) => `${path}\u0000${[...new Set(Array.from(text))].sort().join('')}`;

function remember(key: string, subset: Subset): void {
  const size = subset.base64.length + subset.missing.length;
  if (size > CACHE_MAX_BYTES) return;
  cache.set(key, subset);
  cachedBytes += size;
  // Oldest first (a Map iterates in insertion order; a hit re-inserts its entry at the end).
  for (const [oldKey, old] of cache) {
    if (cache.size <= CACHE_MAX_ENTRIES && cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.base64.length + old.missing.length;
  }
}

function failAll(err: Error): void {
  for (const job of jobs.values()) job.reject(err);
  jobs.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./subset-worker.mjs', import.meta.url));
  started.unref(); // an idle worker never keeps the process alive
  started.on('message', (reply: { id: number; base64?: string; missing?: string; error?: string }) => {
    const job = jobs.get(reply.id);
    if (!job) return;
    jobs.delete(reply.id);
    if (reply.error !== undefined || reply.base64 === undefined) job.reject(new Error(reply.error ?? '字体子集生成失败'));
    else job.resolve({ base64: reply.base64, missing: reply.missing ?? '' });
  });
  // A crashed worker fails what it held; the next request starts a new one.
  started.on('error', (err) => failAll(err instanceof Error ? err : new Error(String(err))));
  started.on('exit', () => {
    if (worker !== started) return; // stopped by resetSubsetter, which failed its jobs already
    worker = null;
    failAll(new Error('字体工作线程已退出'));
  });
  worker = started;
  return started;
}

function compute(path: string, text: string): Promise<Subset> {
  if (jobs.size >= MAX_QUEUE) return Promise.reject(new QueueFullError());
  const id = nextId++;
  return new Promise<Subset>((resolve, reject) => {
    jobs.set(id, { resolve, reject });
    theWorker().postMessage({ id, path, text });
  });
}

/**
 * The subset of the font at `path` holding the distinct characters of `text`: from the cache, from a computation of
 * the same set already under way, or cut by the worker. Throws QueueFullError when too many are waiting.
 */
export async function subsetInWorker(path: string, text: string): Promise<Subset> {
  const key = subsetKey(path, text);
  const cached = cache.get(key);
  if (cached) {
    stats.hits++;
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const running = inFlight.get(key);
  if (running) {
    stats.hits++;
    return running;
  }
  stats.misses++;
  const distinct = key.slice(key.indexOf('\u0000') + 1);
  const pending = compute(path, distinct)
    .then((subset) => {
      stats.computed++;
      remember(key, subset);
      return subset;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, pending);
  return pending;
}

/** Counters and the cache's size, for tests and the benchmark. */
export const subsetStats = () => ({ ...stats, entries: cache.size, bytes: cachedBytes, queued: jobs.size });

/** Stops the worker and empties the cache (tests; a later request starts a new worker). */
export async function resetSubsetter(): Promise<void> {
  const running = worker;
  worker = null;
  failAll(new Error('字体工作线程已停止'));
  cache.clear();
  cachedBytes = 0;
  stats.hits = stats.misses = stats.computed = 0;
  if (running) await running.terminate();
}
