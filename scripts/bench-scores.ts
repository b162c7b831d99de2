// Times score/get_student (list + summary + class and grade ranks) through the real app (app.inject, no network)
// on a large seed of about 1,000,000 score records:
//   DATA_DIR=/tmp/bench-scores npm run seed -- --reset --students 50000 --scores 20
//   DATA_DIR=/tmp/bench-scores npx tsx scripts/bench-scores.ts [students]
// Each sampled student is asked once per request shape; prints p50/p95/max in milliseconds. Figures: docs/benchmarks.md.
import path from 'node:path';
import { buildApp } from '../server/app';
import { createConfigStore } from '../server/config';
import { loadContract } from '../server/contract';
import { migrate, openDatabase } from '../server/db';
import { createSession } from '../server/services/sessions';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? '/tmp/bench-scores');
const sample = Number(process.argv[2] ?? 300);

const opened = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
await migrate(opened.db, opened.dialect);
const records = await opened.db.selectFrom('score_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const configDir = path.join(root, 'config');
const app = await buildApp({ db: opened.db, contract: loadContract(configDir), config: createConfigStore({ configDir }), dataDir });
await app.ready();

// Students spread over the id range (every k-th), each with a session created directly (login hashing is not measured).
const all = await opened.db.selectFrom('users').select('id').where('role', '=', 'student').where('class_id', 'is not', null).orderBy('id').execute();
const step = Math.max(1, Math.floor(all.length / sample));
const students = all.filter((_, i) => i % step === 0).slice(0, sample);
const tokens = await Promise.all(students.map((s) => createSession(opened.db, s.id)));
const direction = await opened.db.selectFrom('learn_categories').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow();

async function timed(form: Record<string, string | number>, token: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/score/get_student',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const body = res.json();
  if (body.code !== 200 || typeof body.data.times !== 'number') throw new Error(`score/get_student failed: ${res.body}`);
  return ms;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const shapes: [string, Record<string, string | number>][] = [
  ['page 1, no filter', { page: 1, page_size: 8 }],
  ['page 2, no filter', { page: 2, page_size: 8 }],
  [`direction ${direction.id}`, { page: 1, page_size: 8, category_id: direction.id }],
];

console.log(`${opened.dialect}: ${Number(records.n).toLocaleString()} score records, ${students.length} students sampled`);
for (const token of tokens.slice(0, 20)) await timed(shapes[0][1], token); // warm-up
for (const [label, form] of shapes) {
  const times: number[] = [];
  for (const token of tokens) times.push(await timed(form, token));
  console.log(`score/get_student ${label.padEnd(22)} p50 ${pct(times, 50).toFixed(1)} ms  p95 ${pct(times, 95).toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms`);
}
await app.close();
await opened.close();
