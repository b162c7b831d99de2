import { GRADE_NAMES, ORG_PLANS } from './data/names';
import { SEED_SCHOOLS, url } from './assets';
import { insertRows } from './batch';
import { IdCounter, type SeedContext } from './context';

export interface ClassInfo {
  id: number;
  school_id: number;
  depart_id: number;
  major_id: number;
  grade_id: number;
  name: string;
}

export interface OrgResult {
  /** Classes with no special state, per school. */
  normalClasses: Map<number, ClassInfo[]>;
  demoClass: ClassInfo;
  probationClass: ClassInfo;
  expiredClass: ClassInfo;
  firstDepartment: Map<number, number>;
}

const STUDENTS_PER_CLASS = 45;

export async function seedOrganisation(ctx: SeedContext): Promise<OrgResult> {
  const rng = ctx.rng('org');
  await insertRows(
    ctx.db,
    'schools',
    SEED_SCHOOLS.map((s) => ({
      id: s.id,
      school_name: s.school_name,
      school_logo: url.logo(s.id),
      type: s.type,
      domain_name: s.domain_name,
      address: s.id === 100045 ? '江苏省南京市江宁区龙眠大道 101 号' : '浙江省杭州市余杭区文一西路 1188 号',
      email: `vsim@${s.domain_name}.edu.cn`,
      phone: s.id === 100045 ? '025-8686 1234' : '0571-8888 6666',
      created_at: ctx.at(-900),
    })),
  );

  const ids = { depart: new IdCounter(), major: new IdCounter(), grade: new IdCounter(), klass: new IdCounter() };
  const departments: Record<string, unknown>[] = [];
  const majors: Record<string, unknown>[] = [];
  const grades: Record<string, unknown>[] = [];
  const classes: Record<string, unknown>[] = [];
  const normalClasses = new Map<number, ClassInfo[]>();
  const firstDepartment = new Map<number, number>();
  const classKey = () => Array.from({ length: 6 }, () => rng.pick([...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'])).join('');

  // Enough classes per grade that the demo school's students average ~45 per class.
  const majorCount = ORG_PLANS[100002].reduce((n, d) => n + d.majors.length, 0);
  const perGrade = Math.max(2, Math.ceil((ctx.students * 0.9) / (majorCount * GRADE_NAMES.length * STUDENTS_PER_CLASS)));

  for (const school of SEED_SCHOOLS) {
    const list: ClassInfo[] = [];
    normalClasses.set(school.id, list);
    ORG_PLANS[school.id].forEach((plan, d) => {
      const departId = ids.depart.take();
      if (d === 0) firstDepartment.set(school.id, departId);
      departments.push({ id: departId, school_id: school.id, department_name: plan.department, sort: d });
      plan.majors.forEach((majorName, m) => {
        const majorId = ids.major.take();
        majors.push({ id: majorId, depart_id: departId, major_name: majorName, sort: m });
        GRADE_NAMES.forEach((gradeName, g) => {
          const gradeId = ids.grade.take();
          grades.push({ id: gradeId, major_id: majorId, grade_name: gradeName, sort: g });
          const count = school.id === 100002 ? perGrade : school.id === 100045 ? 2 : 1;
          for (let k = 1; k <= count; k++) {
            const info = { id: ids.klass.take(), school_id: school.id, depart_id: departId, major_id: majorId, grade_id: gradeId, name: `${majorName}${gradeName}${k}班` };
            classes.push({ id: info.id, grade_id: gradeId, class_name: info.name, class_key: classKey(), sort: k });
            list.push(info);
          }
        });
      });
    });
  }

  const demoSchool = normalClasses.get(100002)!;
  // The demo student: 口腔医学 2023级 1班.
  const demoClass = demoSchool.find((c) => c.name === '口腔医学2023级1班')!;
  const special = (base: ClassInfo, name: string, status: number, date: string): ClassInfo => {
    const info = { ...base, id: ids.klass.take(), name };
    classes.push({ id: info.id, grade_id: base.grade_id, class_name: name, class_key: classKey(), probation_status: status, probation_date: date, sort: 99 });
    return info;
  };
  const probationClass = special(demoSchool.find((c) => c.name.startsWith('口腔医学2025级'))!, '口腔医学2025级试用班', 1, ctx.at(30, 86399));
  const expiredClass = special(demoSchool.find((c) => c.name.startsWith('临床医学2022级'))!, '临床医学2022级进修班', 2, ctx.at(-15, 86399));

  await insertRows(ctx.db, 'departments', departments);
  await insertRows(ctx.db, 'majors', majors);
  await insertRows(ctx.db, 'grades', grades);
  await insertRows(ctx.db, 'classes', classes);
  ctx.log(`组织架构: ${departments.length} 院系, ${majors.length} 专业, ${grades.length} 年级, ${classes.length} 班级`);
  return { normalClasses, demoClass, probationClass, expiredClass, firstDepartment };
}
