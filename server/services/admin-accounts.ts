import type { Db } from '../db';
import { hashPassword } from '../db/password';
import type { User } from '../db/schema';

/**
 * Administrator accounts: a school administrator (role admin) belongs to one school; a platform administrator (role
 * platform) works on every school's site, so its name must be unique among all administrators (the admin login looks
 * a platform account up by name alone). Used by the platform console and by `npm run admin:create`.
 */
export const ADMIN_RULES = {
  username: /^[A-Za-z0-9_.-]{3,32}$/,
  usernameMessage: '账号为 3–32 位字母、数字、下划线、点或连字符',
  passwordMessage: '密码至少 8 位，且须同时包含字母和数字',
};

export function passwordProblem(password: string): string | null {
  return password.length >= 8 && password.length <= 64 && /[A-Za-z]/.test(password) && /\d/.test(password) ? null : ADMIN_RULES.passwordMessage;
}

/** Why this name cannot be used for a new administrator filed under `schoolId`, or null. */
export async function adminNameClash(db: Db, role: 'admin' | 'platform', schoolId: number, username: string): Promise<string | null> {
  const platform = await db.selectFrom('users').select('id').where('role', '=', 'platform').where('username', '=', username).executeTakeFirst();
  if (platform) return `账号 ${username} 已被平台管理员使用`;
  // Names are unique per school (students, teachers and administrators alike) ...
  if (await db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('username', '=', username).executeTakeFirst()) return `该学校已有账号 ${username}`;
  // ... and a platform administrator, who signs in on every school's site, shares no name with any school's administrator.
  if (role === 'platform') {
    const admin = await db.selectFrom('users').select('school_id').where('role', '=', 'admin').where('username', '=', username).executeTakeFirst();
    if (admin) return `账号 ${username} 已被学校 ${admin.school_id} 的管理员使用`;
  }
  return null;
}

/** The school a platform administrator's account is filed under: the default site's school, else the first school. */
export async function homeSchoolOfPlatform(db: Db, defaultDomain: string): Promise<number | null> {
  const preferred = await db.selectFrom('schools').select('id').where('domain_name', '=', defaultDomain).executeTakeFirst();
  if (preferred) return preferred.id;
  const first = await db.selectFrom('schools').select('id').orderBy('id').executeTakeFirst();
  return first?.id ?? null;
}

export async function insertAdmin(db: Db, input: { role: 'admin' | 'platform'; schoolId: number; username: string; password: string; realname: string; mustChange?: boolean }): Promise<User> {
  const password_hash = await hashPassword(input.password);
  const must_change_password = input.mustChange ? 1 : 0;
  const row = await db.insertInto('users').values({ school_id: input.schoolId, role: input.role, username: input.username, password_hash, realname: input.realname, type: 1, status: 1, must_change_password })
    .returning('id').executeTakeFirstOrThrow();
  return db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
}
