import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatTimestamp } from '../db/time';
import type { Rng } from './random';

export interface SeedOptions {
  /** Extra students besides the named demo accounts (default 40). */
  students?: number;
  /** Top-level courses (default 36); practices add child courses on top. */
  courses?: number;
  /** Score records per extra student (default 3; the demo student always gets a full history). */
  scoresPerStudent?: number;
  /** Day the seeded timeline is built around (default today); fix it for reproducible output. */
  referenceDate?: Date;
  /** PRNG seed (default 20240901). */
  seed?: number;
}

export interface SeedContext {
  db: Kysely<Database>;
  rng: (part: string) => Rng;
  students: number;
  courses: number;
  scoresPerStudent: number;
  /** Timestamp `days` from the reference midnight (Shanghai), plus `seconds` into that day. */
  at(days: number, seconds?: number): string;
  log(message: string): void;
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Midnight (Asia/Shanghai) of the day containing `date`, as an epoch ms. */
export function shanghaiMidnight(date: Date): number {
  const local = date.getTime() + SHANGHAI_OFFSET_MS;
  return local - (local % DAY_MS) - SHANGHAI_OFFSET_MS;
}

export function makeClock(referenceDate: Date) {
  const midnight = shanghaiMidnight(referenceDate);
  return (days: number, seconds = 0) => formatTimestamp(new Date(midnight + days * DAY_MS + seconds * 1000));
}

/** Sequential explicit ids, so multi-row inserts need no RETURNING and rows are reproducible. */
export class IdCounter {
  private next: number;
  constructor(start = 1) {
    this.next = start;
  }
  take(): number {
    return this.next++;
  }
  peek(): number {
    return this.next;
  }
}
