import type { TestServer } from './harness';

/**
 * The people the teacher-console suites act as: teacher1 (teaches the demo class and every class the seed's homework
 * goes to), teacher3 (same school, other classes), a teacher of school 100045, a student of the demo class signed in,
 * and a class of the demo school teacher1 does not teach.
 */
export async function staffPeople(s: TestServer) {
  const db = s.opened.db;
  const demoClass = (await db.selectFrom('users').select('class_id').where('username', '=', 'demo').where('school_id', '=', 100002).executeTakeFirstOrThrow()).class_id!;
  const classmate = await db.selectFrom('users').select(['id', 'username', 'student_no', 'realname']).where('class_id', '=', demoClass).where('role', '=', 'student')
    .where('username', 'like', 'stu%').where('type', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const t1 = await db.selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow();
  const taught = (await db.selectFrom('teacher_classes').select('class_id').where('teacher_id', '=', t1.id).execute()).map((r) => r.class_id);
  const otherClass = (await db.selectFrom('users').select('class_id').where('school_id', '=', 100002).where('role', '=', 'student')
    .where('class_id', 'not in', taught).executeTakeFirstOrThrow()).class_id!;
  return {
    teacher1: await s.teacherLogin('teacher1'),
    teacher3: await s.teacherLogin('teacher3'),
    partner: await s.teacherLogin('teacher1', 100045),
    student: await s.login(classmate.username),
    classmate,
    demoClass,
    otherClass,
  };
}
