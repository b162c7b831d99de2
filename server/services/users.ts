import type { Db } from '../db';
import type { User } from '../db/schema';
import { forbidden } from '../http/errors';
import { trialExpired } from './learning';

/** The profile the client keeps in state after login (spec: User info). */
export async function userInfo(db: Db, user: User) {
  const school = await db.selectFrom('schools').select(['id', 'school_name', 'school_logo', 'type', 'domain_name']).where('id', '=', user.school_id).executeTakeFirst();
  const depart = user.depart_id ? await db.selectFrom('departments').select('department_name').where('id', '=', user.depart_id).executeTakeFirst() : undefined;
  const major = user.major_id ? await db.selectFrom('majors').select('major_name').where('id', '=', user.major_id).executeTakeFirst() : undefined;
  const grade = user.grade_id ? await db.selectFrom('grades').select('grade_name').where('id', '=', user.grade_id).executeTakeFirst() : undefined;
  const klass = user.class_id
    ? await db.selectFrom('classes').select(['class_name', 'class_key', 'probation_status', 'probation_date']).where('id', '=', user.class_id).executeTakeFirst()
    : undefined;
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    mobile: user.mobile,
    head_img: user.head_img,
    sex: user.sex,
    student_no: user.student_no,
    role: user.role,
    type: user.type,
    school_id: user.school_id,
    school_name: school?.school_name ?? '',
    depart_id: user.depart_id,
    depart_name: depart?.department_name ?? '',
    major_id: user.major_id,
    major_name: major?.major_name ?? '',
    grade_id: user.grade_id,
    grade_name: grade?.grade_name ?? '',
    class_id: user.class_id,
    class_name: klass?.class_name ?? '',
    classKey: klass?.class_key ?? '',
    school: school ?? null,
    class: klass ? { probation_status: klass.probation_status, probation_date: klass.probation_date, expired: trialExpired(klass) } : null,
    login_count: user.login_count,
    last_login_at: user.last_login_at,
  };
}

/**
 * Student-scoped calls carry user_id / class_id (the original client sends them); they must be the caller's
 * own. Absent values mean "mine".
 */
export function assertOwnScope(user: User, params: { user_id?: number; class_id?: number }): void {
  if (params.user_id !== undefined && params.user_id !== user.id) throw forbidden();
  if (params.class_id !== undefined && params.class_id !== user.class_id) throw forbidden();
}
