import type { Migration } from 'kysely';
import * as m0001 from './0001_core';
import * as m0002 from './0002_assessment';
import * as m0003 from './0003_platform';

/** Every migration in order. Listed statically so it works under tsx, vitest and bundlers alike. */
export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_assessment': m0002,
  '0003_platform': m0003,
};
