// npm run admin:create -- --username <账号> --password <密码> [--school <学校ID>] [--name <姓名>]
// Creates an administrator in the database the server uses (DATA_DIR / DATABASE_URL): a school administrator with
// --school, else a platform administrator (the first account of a new deployment). Works in production as well.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../db';
import { ADMIN_RULES, adminNameClash, homeSchoolOfPlatform, insertAdmin, passwordProblem } from '../services/admin-accounts';

const usage = '用法: npm run admin:create -- --username <账号> --password <密码> [--school <学校ID>] [--name <姓名>]\n  不写 --school 时创建平台管理员（管理所有学校）';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' }, school: { type: 'string' }, name: { type: 'string' } } }));
  } catch (err) {
    fail((err as Error).message);
  }
  const username = values.username?.trim() ?? '';
  if (!ADMIN_RULES.username.test(username)) fail(`--username: ${ADMIN_RULES.usernameMessage}`);
  const weak = passwordProblem(values.password ?? '');
  if (weak) fail(`--password: ${weak}`);
  const schoolGiven = values.school !== undefined;
  const schoolId = Number(values.school);
  if (schoolGiven && (!Number.isInteger(schoolId) || schoolId <= 0)) fail('--school 必须是学校ID（正整数）');

  const root = path.resolve(import.meta.dirname, '../..');
  const opened = await openDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')), databaseUrl: process.env.DATABASE_URL });
  try {
    await migrate(opened.db, opened.dialect);
    const db = opened.db;
    const role = schoolGiven ? 'admin' : 'platform';
    let home: number;
    if (schoolGiven) {
      if (!(await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst())) fail(`学校 ${schoolId} 不存在（先用 npm run school:add 添加）`);
      home = schoolId;
    } else {
      const found = await homeSchoolOfPlatform(db, process.env.DEFAULT_SCHOOL_DOMAIN || 'demo');
      if (found === null) fail('数据库中还没有学校：先用 npm run school:add 添加一所学校');
      home = found;
    }
    const clash = await adminNameClash(db, role, home, username);
    if (clash) fail(clash);
    const realname = values.name?.trim() || (role === 'platform' ? '平台管理员' : '学校管理员');
    const user = await insertAdmin(db, { role, schoolId: home, username, password: values.password!, realname });
    await db.insertInto('audit_log').values({ school_id: role === 'admin' ? home : null, actor_id: null, actor_name: '命令行 admin:create', kind: 'account', action: 'create',
      target_id: user.id, summary: `新建${role === 'admin' ? `学校 ${home} 的学校管理员` : '平台管理员'} ${username}` }).execute();
    console.log(role === 'admin' ? `已创建学校 ${home} 的管理员 ${username}` : `已创建平台管理员 ${username}`);
    console.log(`登录: http://<学校子域名>.<站点域名>/#/admin/login${role === 'platform' ? '（任一学校的站点都可以）' : ''}`);
  } finally {
    await opened.close();
  }
}

main().catch((err) => {
  console.error(`创建管理员失败: ${(err as Error).message}`);
  process.exit(1);
});
