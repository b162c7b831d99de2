import { hashPasswordWithSalt } from '../db/password';
import { GIVEN_CHARS, SURNAMES, TEACHER_NAMES } from './data/names';
import { url } from './assets';
import { insertRows } from './batch';
import { IdCounter, type SeedContext } from './context';
import type { ClassInfo, OrgResult } from './org';

export const DEMO_PASSWORD = 'demo123';
export const TEACHER_PASSWORD = 'teacher123';

export interface StudentInfo {
  id: number;
  school_id: number;
  class_id: number;
  grade_id: number;
}

export interface PeopleResult {
  demo: StudentInfo;
  /** Students who may learn (normal class, type 1): the demo student first. */
  students: StudentInfo[];
  teachers: Map<number, { id: number; realname: string }[]>;
  reviewerId: number;
}

const TEACHERS_PER_SCHOOL: [schoolId: number, count: number][] = [[100002, 6], [100045, 3], [100001, 2]];

export async function seedPeople(ctx: SeedContext, org: OrgResult): Promise<PeopleResult> {
  const rng = ctx.rng('people');
  // One hash per password: hashing 50,000 distinct salts would take minutes and adds nothing to demo data.
  const salt = () => Buffer.from(Array.from({ length: 16 }, () => rng.int(0, 255)));
  const studentHash = await hashPasswordWithSalt(DEMO_PASSWORD, salt());
  const teacherHash = await hashPasswordWithSalt(TEACHER_PASSWORD, salt());
  const ids = new IdCounter();
  const users: Record<string, unknown>[] = [];

  const place = (c: ClassInfo) => ({ school_id: c.school_id, depart_id: c.depart_id, major_id: c.major_id, grade_id: c.grade_id, class_id: c.id });
  const student = (username: string, realname: string, c: ClassInfo, extra: Record<string, unknown> = {}) => {
    const id = ids.take();
    users.push({
      id, role: 'student', username, password_hash: studentHash, realname, mobile: null, head_img: url.avatar(id),
      sex: rng.int(1, 2), student_no: `${c.name.match(/\d{4}/)?.[0] ?? '2023'}${String(id).padStart(6, '0')}`,
      type: 1, created_at: ctx.at(-rng.int(200, 700), rng.int(0, 86399)), ...place(c), ...extra,
    });
    return { id, school_id: c.school_id, class_id: c.id, grade_id: c.grade_id };
  };

  const demo = student('demo', '张晓雨', org.demoClass, { mobile: '13800000000', sex: 2, login_count: 37, last_login_at: ctx.at(-1, 9 * 3600) });
  student('probation', '林思远', org.probationClass, { mobile: '13800000001' });
  student('expired', '周雅婷', org.expiredClass, { mobile: '13800000002' });
  student('pending', '吴浩然', org.demoClass, { mobile: '13800000003', type: 4 });
  student('rejected', '郑佳琪', org.demoClass, { mobile: '13800000004', type: 5 });

  const teachers = new Map<number, { id: number; realname: string }[]>();
  let nameIndex = 0;
  for (const [schoolId, count] of TEACHERS_PER_SCHOOL) {
    const list: { id: number; realname: string }[] = [];
    for (let n = 1; n <= count; n++) {
      const id = ids.take();
      const realname = TEACHER_NAMES[nameIndex++ % TEACHER_NAMES.length];
      users.push({
        id, school_id: schoolId, role: 'teacher', username: `teacher${n}`, password_hash: teacherHash, realname,
        mobile: `1370000${String(id).padStart(4, '0')}`, head_img: url.avatar(id + 3), sex: rng.int(1, 2),
        depart_id: org.firstDepartment.get(schoolId), created_at: ctx.at(-800),
      });
      list.push({ id, realname });
    }
    teachers.set(schoolId, list);
  }

  const reviewerId = ids.take();
  users.push({
    id: reviewerId, school_id: 100045, role: 'reviewer', username: 'reviewer', password_hash: studentHash,
    realname: '评审专家', head_img: url.avatar(reviewerId), created_at: ctx.at(-800),
  });

  const students: StudentInfo[] = [demo];
  const demoSchool = org.normalClasses.get(100002)!;
  const partnerSchool = org.normalClasses.get(100045)!;
  for (let n = 1; n <= ctx.students; n++) {
    const classes = n % 10 === 0 ? partnerSchool : demoSchool;
    const name = rng.pick(SURNAMES) + rng.pick(GIVEN_CHARS) + (rng.chance(0.7) ? rng.pick(GIVEN_CHARS) : '');
    const mobile = `139${String(n).padStart(8, '0')}`;
    students.push(student(`stu${String(n).padStart(5, '0')}`, name, classes[n % classes.length], { mobile, login_count: rng.int(0, 120) }));
  }

  await insertRows(ctx.db, 'users', users);
  ctx.log(`用户: ${users.length} (学生 ${students.length + 4}, 教师 ${[...teachers.values()].flat().length})`);
  return { demo, students, teachers, reviewerId };
}
