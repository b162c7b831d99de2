// npm run config:explain -- --school 100045 [--screen practice-list]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { explainSchool } from './explain.js';

const usage = '用法: npm run config:explain -- --school <学校ID> [--screen <页面id>]';
try {
  const { values } = parseArgs({ options: { school: { type: 'string' }, screen: { type: 'string' } } });
  const school = Number(values.school);
  if (!Number.isInteger(school) || school <= 0) throw new Error(`请用 --school 指定学校ID\n${usage}`);
  const rows = explainSchool(path.resolve(process.env.CONFIG_DIR || 'config'), school, { screen: values.screen });
  const width = Math.min(60, Math.max(...rows.map((r) => r.path.length)));
  for (const row of rows) console.log(`${row.path.padEnd(width)} = ${JSON.stringify(row.value)}  ← ${row.source}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
