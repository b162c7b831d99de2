import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { currentUser } from '../http/auth';
import { forbidden, notFound } from '../http/errors';

/**
 * What an administrator may reach. A school administrator (role admin) works inside the school of their account; a
 * platform administrator (role platform) across schools. Every admin route asks one of these functions before it reads
 * or writes, so scope is decided here once. Records of another school answer "not found", never "forbidden": an
 * administrator of school A learns nothing about what exists in school B.
 */

/** The school a school administrator's request acts in: the school of their account. Other roles get 403. */
export function schoolOfAdmin(request: FastifyRequest): number {
  const user = currentUser(request);
  if (user.role !== 'admin') throw forbidden('仅学校管理员可使用该功能');
  return user.school_id;
}

/**
 * The school a request of either administrator acts in: a school administrator's own (a different `school_id` is
 * refused as not found), a platform administrator's chosen school (must exist), or, for a platform administrator who
 * names none, null = every school.
 */
export async function adminSchoolFilter(db: Db, request: FastifyRequest, given?: number): Promise<number | null> {
  const user = currentUser(request);
  if (user.role === 'admin') {
    if (given !== undefined && given !== user.school_id) throw notFound('学校不存在');
    return user.school_id;
  }
  if (user.role !== 'platform') throw forbidden('仅管理员可使用该功能');
  if (given === undefined) return null;
  await schoolExists(db, given);
  return given;
}

export async function schoolExists(db: Db, id: number) {
  const row = await db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('学校不存在');
  return row;
}

/** A department of the school, else 404. */
export async function departmentInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('departments').selectAll().where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw notFound('院系不存在');
  return row;
}

/** A major of the school (through its department), else 404. */
export async function majorInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('majors as m').innerJoin('departments as d', 'd.id', 'm.depart_id')
    .selectAll('m').select('d.department_name')
    .where('m.id', '=', id).where('d.school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw notFound('专业不存在');
  return row;
}

/** A grade of the school, with its major and department, else 404. */
export async function gradeInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('grades as g').innerJoin('majors as m', 'm.id', 'g.major_id').innerJoin('departments as d', 'd.id', 'm.depart_id')
    .selectAll('g').select(['m.depart_id', 'm.major_name', 'd.department_name'])
    .where('g.id', '=', id).where('d.school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw notFound('年级不存在');
  return row;
}

/** A class of the school, with the ids of its grade, major and department, else 404. */
export async function classInSchool(db: Db, schoolId: number, id: number) {
  const row = await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id')
    .innerJoin('majors as m', 'm.id', 'g.major_id').innerJoin('departments as d', 'd.id', 'm.depart_id')
    .selectAll('c').select(['g.major_id', 'm.depart_id'])
    .where('c.id', '=', id).where('d.school_id', '=', schoolId).executeTakeFirst();
  if (!row) throw notFound('班级不存在');
  return row;
}

/** An account of the school with one of the given roles, else 404. */
export async function accountInSchool(db: Db, schoolId: number, id: number, roles: User['role'][], missing = '账号不存在'): Promise<User> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).where('school_id', '=', schoolId).where('role', 'in', roles).executeTakeFirst();
  if (!row) throw notFound(missing);
  return row;
}
