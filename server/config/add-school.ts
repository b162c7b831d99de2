// npm run school:add -- --id 100100 --name 示例医学院 --domain sample [--type 0]
// Registers a school in the database (DATA_DIR / DATABASE_URL) and writes a starting config/schools/<id>.yaml.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../db';
import { insertSchool, SCHOOL_RULES, schoolClash, writeStarterYaml } from '../services/school-registry';

const usage = '用法: npm run school:add -- --id <学校ID> --name <学校名称> --domain <子域名> [--type 0|1]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { id: { type: 'string' }, name: { type: 'string' }, domain: { type: 'string' }, type: { type: 'string', default: '0' } } }));
  } catch (err) {
    fail((err as Error).message);
  }
  const id = Number(values.id);
  if (!Number.isInteger(id) || id <= 0) fail('--id 必须是正整数');
  if (!values.name?.trim()) fail('请用 --name 指定学校名称');
  if (!SCHOOL_RULES.domain.test(values.domain ?? '')) fail('--domain 只能包含小写字母、数字和连字符，例如 sample');
  if (!['0', '1'].includes(values.type!)) fail('--type 只能是 0（单校）或 1（多校平台）');

  const root = path.resolve(import.meta.dirname, '../..');
  const opened = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')), databaseUrl: process.env.DATABASE_URL });
  try {
    await migrate(opened.db, opened.dialect);
    const clash = await schoolClash(opened.db, id, values.domain!);
    if (clash) fail(clash);
    await insertSchool(opened.db, { id, name: values.name!, domain: values.domain!, type: values.type as '0' | '1' });
  } finally {
    await opened.close();
  }

  const file = path.join(path.resolve(process.env.CONFIG_DIR ?? path.join(root, 'config')), 'schools', `${id}.yaml`);
  writeStarterYaml(path.dirname(file), id, values.name!.trim());
  console.log(`已添加学校 ${id}（${values.name}），子域名 ${values.domain}`);
  console.log(`配置文件: ${path.relative(root, file)}`);
  console.log(`预览: http://${values.domain}.localhost:${process.env.PORT ?? 8080}`);
}

main().catch((err) => {
  console.error(`添加学校失败: ${(err as Error).message}`);
  process.exit(1);
});
