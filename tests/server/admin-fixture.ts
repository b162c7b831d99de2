import type { TestServer } from './harness';
import { insertAdmin } from '../../server/services/admin-accounts';

export const ADMIN_PASSWORD = 'Admin2026pass';

/**
 * The people the administration-console suites act as: a platform administrator, the administrator of the demo school
 * 100002 ("school A") and of the partner school 100045 ("school B"), a teacher and a student of school A.
 */
export async function adminPeople(s: TestServer) {
  const db = s.opened.db;
  await insertAdmin(db, { role: 'platform', schoolId: 100002, username: 'root', password: ADMIN_PASSWORD, realname: '平台管理员' });
  await insertAdmin(db, { role: 'admin', schoolId: 100002, username: 'admin-a', password: ADMIN_PASSWORD, realname: '甲校管理员' });
  await insertAdmin(db, { role: 'admin', schoolId: 100045, username: 'admin-b', password: ADMIN_PASSWORD, realname: '乙校管理员' });
  const login = async (username: string, schoolId: number) => {
    const res = await s.post('admin/login', { username, password: ADMIN_PASSWORD, school_id: schoolId });
    if (res.body.code !== 200) throw new Error(`admin login ${username} failed: ${res.body.message}`);
    return res.body.data.token as string;
  };
  return {
    platform: await login('root', 100045), // a platform administrator signs in on any school's site
    adminA: await login('admin-a', 100002),
    adminB: await login('admin-b', 100045),
    teacher: await s.teacherLogin('teacher1'),
    student: await s.login('demo'),
    login,
  };
}
