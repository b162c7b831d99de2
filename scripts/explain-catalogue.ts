// EXPLAIN of the query behind learn/get page 1 (the catalogue as it first opens) on an already seeded database:
// PostgreSQL prints EXPLAIN (ANALYZE, BUFFERS), SQLite its query plan. Figures: docs/benchmarks.md.
//   npx tsx scripts/explain-catalogue.ts [--database-url URL | --data-dir DIR] [--page 1]
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../server/db';
import { visibleCourses } from '../server/services/catalogue';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const page = Number(arg('page') ?? 1);
const opened = await openDatabase({ dataDir: arg('data-dir') ?? 'data', databaseUrl: arg('database-url') });
const student = await opened.db.selectFrom('users').select(['school_id', 'class_id']).where('role', '=', 'student').where('class_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
// The same builder as the route's prepared first-shape page (server/routes/learn.ts).
const query = visibleCourses(opened.db, { school_id: student.school_id, class_id: student.class_id }, { state: 1 })
  .select(['learns.id', 'learns.name', 'learns.thum', 'learns.change_time', 'learns.user_count', 'learns.times', 'learns.type', 'learns.introduce', 'learns.category_id'])
  .orderBy('learns.sort').orderBy('learns.id').limit(8).offset((page - 1) * 8).compile();
const rows = await opened.db.selectFrom('learns').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
console.log(`${opened.dialect}: ${rows.n} course rows; page ${page}\n${query.sql}\n`);
const explain = opened.dialect === 'postgres' ? 'explain (analyze, buffers) ' : 'explain query plan ';
for (const line of (await opened.db.executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]))).rows) console.log(Object.values(line as object).join(' | '));
await opened.close();
