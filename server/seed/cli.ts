import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate, openDatabase, type OpenedDatabase } from '../db/index';
import { isSeeded, seed, SEED_DEFAULTS } from './index';

/** npm run seed -- [--demo] [--reset] [--students N] [--courses N] [--scores N] [--seed N]   (env DATA_DIR, DATABASE_URL) */
const usage = '用法: npm run seed -- [--demo] [--reset] [--students 数量] [--courses 数量] [--scores 每个学生的成绩数] [--seed 随机种子]（生产环境必须加 --demo 才会写入演示数据）';

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`参数 --${name} 必须是非负整数，收到: ${text}\n${usage}`);
    process.exit(2);
  }
  return n;
}

/** Drops every table (including Kysely's migration bookkeeping) so migrations start from scratch. */
async function dropAll(opened: OpenedDatabase): Promise<void> {
  const { db, dialect } = opened;
  if (dialect === 'postgres') {
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  for (const { name } of tables.rows) await sql`drop table if exists ${sql.table(name)}`.execute(db);
  await sql`pragma foreign_keys = on`.execute(db);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        demo: { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        students: { type: 'string' },
        courses: { type: 'string' },
        scores: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) return console.log(usage);
  if (process.env.NODE_ENV === 'production' && !values.demo) {
    console.error(`生产环境不会写入演示数据（演示账号、演示学校），除非明确要求：npm run seed -- --demo\n${usage}`);
    process.exit(2);
  }
  const students = positiveInt('students', values.students, SEED_DEFAULTS.students);
  const options = {
    students,
    courses: positiveInt('courses', values.courses, SEED_DEFAULTS.courses),
    scoresPerStudent: positiveInt('scores', values.scores, students > 1000 ? 20 : SEED_DEFAULTS.scoresPerStudent),
    seed: positiveInt('seed', values.seed, SEED_DEFAULTS.seed),
  };

  const opened = await openDatabase({ dataDir: process.env.DATA_DIR || './data', databaseUrl: process.env.DATABASE_URL });
  try {
    if (values.reset) await dropAll(opened);
    await migrate(opened.db, opened.dialect);
    if (await isSeeded(opened.db)) {
      console.error('数据库中已有数据，未写入。如需清空后重新生成，请加 --reset 参数。');
      process.exitCode = 1;
      return;
    }
    console.log(`正在生成种子数据 (${opened.dialect}): 学生 ${options.students}, 课程 ${options.courses}, 每人成绩 ${options.scoresPerStudent}`);
    const summary = await seed(opened.db, { ...options, log: (line) => console.log(`  ${line}`) });
    console.log(`完成: 用户 ${summary.users}, 课程 ${summary.learns}, 成绩 ${summary.scoreRecords}, 用时 ${summary.seconds.toFixed(1)} 秒`);
    console.log('演示账号: demo / demo123');
  } finally {
    await opened.close();
  }
}

main().catch((err) => {
  console.error(`生成种子数据失败: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
