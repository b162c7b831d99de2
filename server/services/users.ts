import type { Db } from '../db';
import { preparedQuery } from '../db/prepared';
import type { User } from '../db/schema';
import { forbidden } from '../http/errors';
import { trialExpired } from './learning';
import { versionedCache } from './versionedCache';

/** The school and the names of a user's department, major, grade and class (each may be unset), in one query. */
const orgQuery = preparedQuery((db: Db, schoolId: number, departId: number, majorId: number, gradeId: number, classId: number) =>
  db
    .selectFrom('schools as s')
    .leftJoin('departments as d', (j) => j.on('d.id', '=', departId))
    .leftJoin('majors as m', (j) => j.on('m.id', '=', majorId))
    .leftJoin('grades as g', (j) => j.on('g.id', '=', gradeId))
    .leftJoin('classes as c', (j) => j.on('c.id', '=', classId))
    .select(['s.id', 's.school_name', 's.school_logo', 's.type', 's.domain_name', 'd.department_name', 'm.major_name', 'g.grade_name'])
    .select(['c.id as class_row', 'c.class_name', 'c.class_key', 'c.probation_status', 'c.probation_date'])
    .where('s.id', '=', schoolId),
);

/**
 * The names along a student's organisation chain, shared by everyone in the class and kept until one of those tables
 * is written (server/db/versions.ts): the profile is asked on every page load.
 */
const orgNames = versionedCache<Awaited<ReturnType<typeof orgQuery>>[number] | undefined>(['schools', 'departments', 'majors', 'grades', 'classes']);

/** The profile the client keeps in state after login (spec: User info). */
export async function userInfo(db: Db, user: User) {
  const ids = [user.school_id, user.depart_id ?? -1, user.major_id ?? -1, user.grade_id ?? -1, user.class_id ?? -1] as const;
  const org = await orgNames.get(db, ids.join(','), async () => (await orgQuery(db, ...ids))[0]);
  const school = org && { id: org.id, school_name: org.school_name, school_logo: org.school_logo, type: org.type, domain_name: org.domain_name };
  const depart = org?.department_name != null ? { department_name: org.department_name } : undefined;
  const major = org?.major_name != null ? { major_name: org.major_name } : undefined;
  const grade = org?.grade_name != null ? { grade_name: org.grade_name } : undefined;
  const klass = org?.class_row != null ? { class_name: org.class_name!, class_key: org.class_key!, probation_status: org.probation_status!, probation_date: org.probation_date! } : undefined;
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
    /** Why the class application was rejected (type 5), for the 已驳回 notice. */
    review_reason: user.type === 5 ? user.review_reason ?? '' : '',
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
    /** 1 after an administrator set the password (reset, import): every page sends the student to 修改密码 first. */
    must_change_password: user.must_change_password ?? 0,
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
