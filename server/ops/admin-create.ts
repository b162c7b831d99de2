// npm run admin:create -- --username <账号> --password <密码> [--school <学校ID>] [--name <姓名>]
// Creates an administrator in the database the server uses (DATA_DIR / DATABASE_URL): a school administrator with
// --school, else a platform administrator (the first account of a new deployment). Works in production as well.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { migrate, openDatabase } from '../db';
import { ADMIN_RULES, adminNameClash, homeSchoolOfPlatform, insertAdmin, passwordProblem } from '../services/admin-accounts';

const usage = '用法: npm run admin:create -- --username <账号> --password <密码> [--school <学校ID>] [--name <姓名>]\n  不写 --school 时创建平台管理员（管理所有学校）';

/** What the command prints and its exit status: 0 done, 2 refused (with the reason and the usage). */
export interface CommandResult {
  status: number;
  out: string;
}

class Refusal extends Error {}

export async function adminCreate(argv: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  try {
    return { status: 0, out: await run(argv, env) };
  } catch (err) {
    if (err instanceof Refusal) return { status: 2, out: `${err.message}\n${usage}` };
    throw err;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const fail = (message: string): never => {
    throw new Refusal(message);
  };
  let values: { username?: string; password?: string; school?: string; name?: string } = {};
  try {
    ({ values } = parseArgs({ args: argv, options: { username: { type: 'string' }, password: { type: 'string' }, school: { type: 'string' }, name: { type: 'string' } } }));
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
  const opened = await openDatabase({ dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')), databaseUrl: env.DATABASE_URL || undefined });
  try {
    await migrate(opened.db, opened.dialect);
    const db = opened.db;
    const role = schoolGiven ? 'admin' : 'platform';
    let home: number;
    if (schoolGiven) {
      if (!(await db.selectFrom('schools').select('id').where('id', '=', schoolId).executeTakeFirst())) fail(`学校 ${schoolId} 不存在（先用 npm run school:add 添加）`);
      home = schoolId;
    } else {
      home = (await homeSchoolOfPlatform(db, env.DEFAULT_SCHOOL_DOMAIN || 'demo')) ?? fail('数据库中还没有学校：先用 npm run school:add 添加一所学校');
    }
    const clash = await adminNameClash(db, role, home, username);
    if (clash) fail(clash);
    const realname = values.name?.trim() || (role === 'platform' ? '平台管理员' : '学校管理员');
    const user = await insertAdmin(db, { role, schoolId: home, username, password: values.password!, realname });
    await db.insertInto('audit_log').values({ school_id: role === 'admin' ? home : null, actor_id: null, actor_name: '命令行 admin:create', kind: 'account', action: 'create',
      target_id: user.id, summary: `新建${role === 'admin' ? `学校 ${home} 的学校管理员` : '平台管理员'} ${username}` }).execute();
    return [
      role === 'admin' ? `已创建学校 ${home} 的管理员 ${username}` : `已创建平台管理员 ${username}`,
      `登录: http://<学校子域名>.<站点域名>/#/admin/login${role === 'platform' ? '（任一学校的站点都可以）' : ''}`,
    ].join('\n');
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  adminCreate(process.argv.slice(2), process.env).then(
    ({ status, out }) => {
      (status ? console.error : console.log)(out);
      process.exit(status);
    },
    (err) => {
      console.error(`创建管理员失败: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
