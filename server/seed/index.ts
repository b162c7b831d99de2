import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { syncIdSequences } from '../db/index';
import { seedAssignments } from './assignments';
import { makeClock, type SeedContext, type SeedOptions } from './context';
import { seedCatalogue } from './courses';
import { seedScores, seedSocial } from './history';
import { seedOrganisation } from './org';
import { seedPeople } from './people';
import { createRng } from './random';
import { seedTheory, seedTopicsAndForms } from './theory';

export type { SeedOptions } from './context';
export { DEMO_PASSWORD, TEACHER_PASSWORD } from './people';
export { ASSET_URL, seedAssetFiles } from './assets';

export const SEED_DEFAULTS = { students: 40, courses: 36, scoresPerStudent: 3, seed: 20240901 };

export interface SeedSummary {
  users: number;
  learns: number;
  scoreRecords: number;
  seconds: number;
}

/** True when the database already holds seeded (or real) data. */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('schools').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty, migrated database with a believable demo school. The same options (and referenceDate)
 * always produce the same rows. Runs in one transaction: a failure leaves the database empty.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions & { log?: (line: string) => void } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const streams = new Map<string, ReturnType<typeof createRng>>();
  const count = (value: number | undefined, fallback: number) =>
    Number.isFinite(value) && (value as number) >= 0 ? Math.floor(value as number) : fallback;
  let summary = { users: 0, learns: 0, scoreRecords: 0 };

  await db.transaction().execute(async (trx) => {
    const ctx: SeedContext = {
      db: trx,
      // Each part draws from its own stream derived from the root seed only.
      rng: (part) => {
        if (!streams.has(part)) streams.set(part, createRng(`${options.seed ?? SEED_DEFAULTS.seed}:${part}`));
        return streams.get(part)!;
      },
      students: count(options.students, SEED_DEFAULTS.students),
      courses: Math.max(1, count(options.courses, SEED_DEFAULTS.courses)),
      scoresPerStudent: count(options.scoresPerStudent, SEED_DEFAULTS.scoresPerStudent),
      at: makeClock(options.referenceDate ?? new Date()),
      log: options.log ?? (() => {}),
    };
    const org = await seedOrganisation(ctx);
    const people = await seedPeople(ctx, org);
    const catalogue = await seedCatalogue(ctx, org);
    await seedSocial(ctx, people, catalogue);
    await seedAssignments(ctx, org, people, catalogue);
    await seedTheory(ctx, org, people);
    await seedTopicsAndForms(ctx, people, catalogue);
    const scoreRecords = await seedScores(ctx, people, catalogue);
    await syncIdSequences(trx);
    const users = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const learns = await trx.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    summary = { users: Number(users.n), learns: Number(learns.n), scoreRecords };
  });
  return { ...summary, seconds: (Date.now() - started) / 1000 };
}
