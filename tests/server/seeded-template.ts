// The seeded database every test server starts from is the same each time (the seed is deterministic from a fixed
// reference date), and building it took about a second of CPU per server, for over a hundred servers a run. It is
// built once per run and version of the server code, then copied: the SQLite file, or on PostgreSQL
// `CREATE DATABASE … TEMPLATE`. Parallel test files agree on the copy through the file system and the database.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase } from '../../server/db';
import { seed } from '../../server/seed';

const serverDir = path.resolve(import.meta.dirname, '../../server');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

let version: string | undefined;
/** Changes with any server source file (migrations, seed, what they use) and with what seeding reads from the environment. */
function codeVersion(referenceDate: Date): string {
  if (!version) {
    const hash = createHash('sha256').update(`${referenceDate.toISOString()} ${process.env.PASSWORD_SCRYPT_COST ?? ''}`);
    for (const file of filesUnder(serverDir).sort()) hash.update(file).update(fs.readFileSync(file));
    version = hash.digest('hex').slice(0, 16);
  }
  return version;
}

async function migratedAndSeeded(dataDir: string, databaseUrl: string | undefined, referenceDate: Date): Promise<void> {
  const opened = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrate(opened.db, opened.dialect);
    await seed(opened.db, { referenceDate });
  } finally {
    await opened.close();
  }
}

/** Puts a seeded `app.sqlite` into `dataDir`, seeding the run's template first if no file has yet. */
export async function copySeededSqlite(dataDir: string, referenceDate: Date): Promise<void> {
  const template = path.join(os.tmpdir(), `vsim-seeded-${codeVersion(referenceDate)}.sqlite`);
  if (!fs.existsSync(template)) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsim-seeding-'));
    await migratedAndSeeded(work, undefined, referenceDate);
    // Renamed into place whole: a file seeding alongside never sees half a template, and the last rename wins.
    fs.renameSync(path.join(work, 'app.sqlite'), `${template}.${process.pid}`);
    fs.renameSync(`${template}.${process.pid}`, template);
    fs.rmSync(work, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(template, path.join(dataDir, 'app.sqlite'));
}

/** Creates database `name` on the TEST_DATABASE_URL server as a copy of the run's seeded template. */
export async function createSeededPostgres(admin: pg.Client, baseUrl: string, name: string, referenceDate: Date): Promise<void> {
  const template = `vsim_seeded_${codeVersion(referenceDate)}`;
  // One file builds the template at a time; the others wait for it, then copy.
  await admin.query('select pg_advisory_lock(7310043)');
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!exists.rowCount) {
      const building = `${template}_building_${process.pid}`;
      await admin.query(`create database ${building}`);
      const url = new URL(baseUrl);
      url.pathname = `/${building}`;
      await migratedAndSeeded(os.tmpdir(), url.toString(), referenceDate);
      await admin.query(`alter database ${building} rename to ${template}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7310043)');
  }
  await admin.query(`create database ${name} template ${template}`);
}
