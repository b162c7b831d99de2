// Times learn/get and learn/cate/tree through the real app (app.inject, no network) on a large seed:
//   DATA_DIR=/tmp/bench-cat npm run seed -- --reset --students 50000 --courses 5000
//   DATA_DIR=/tmp/bench-cat npx tsx scripts/bench-catalogue.ts [rounds]
// Prints p50/p95/max in milliseconds per request shape. Figures are recorded in docs/benchmarks.md.
import path from 'node:path';
import { buildApp } from '../server/app';
import { createConfigStore } from '../server/config';
import { loadContract } from '../server/contract';
import { migrate, openDatabase } from '../server/db';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? '/tmp/bench-cat');
const rounds = Number(process.argv[2] ?? 200);

const opened = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
await migrate(opened.db, opened.dialect);
const courses = await opened.db.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const students = await opened.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'student').executeTakeFirstOrThrow();
const configDir = path.join(root, 'config');
const app = await buildApp({ db: opened.db, contract: loadContract(configDir), config: createConfigStore({ configDir }), dataDir });
await app.ready();

async function call(name: string, form: Record<string, string | number>, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${name}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token && { authorization: `Bearer ${token}` }) },
    payload: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString(),
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`${name}: ${body.message}`);
  return body.data;
}

const token = (await call('user/login', { username: 'demo', password: 'demo123', school_id: 100002 })).token as string;
const first = await call('learn/get', { page: 1, page_size: 8 }, token);
const lastPage = first.allPage as number;

const shapes: [string, string, (i: number) => Record<string, string | number>][] = [
  ['learn/get first page', 'learn/get', () => ({ page: 1, page_size: 8 })],
  ['learn/get random page', 'learn/get', (i) => ({ page: 1 + ((i * 7919) % lastPage), page_size: 8 })],
  ['learn/get last page', 'learn/get', () => ({ page: lastPage, page_size: 8 })],
  ['learn/get direction', 'learn/get', (i) => ({ page: 1 + (i % 5), page_size: 8, category_id: 1 })],
  ['learn/get type 2,17', 'learn/get', () => ({ page: 1, page_size: 8, category_id: '2,17' })],
  ['learn/get keyword', 'learn/get', () => ({ page: 1, page_size: 8, learn_name: '根管' })],
  ['learn/cate/tree', 'learn/cate/tree', () => ({})],
  // The fixed cost of any signed-in call (token lookup, user row, envelope), to read the figures above against.
  ['user/get_info (baseline)', 'user/get_info', () => ({})],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log(`catalogue: ${courses.n} courses, ${students.n} students, ${first.allCount} visible to demo (${lastPage} pages); ${rounds} rounds each (${opened.dialect})`);
for (const [label, name, params] of shapes) {
  for (let i = 0; i < 10; i++) await call(name, params(i), token); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await call(name, params(i), token);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(24)} p50 ${pct(times, 50).toFixed(2).padStart(7)} ms   p95 ${pct(times, 95).toFixed(2).padStart(7)} ms   max ${times[times.length - 1].toFixed(2).padStart(7)} ms`);
}
await app.close();
await opened.close();
