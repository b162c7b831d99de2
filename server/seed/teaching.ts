import { url } from './assets';
import { insertRows } from './batch';
import type { SeedContext } from './context';
import type { OrgResult } from './org';
import type { PeopleResult } from './people';

/**
 * Who teaches which class, and a realistic marking load for the teacher console: in the demo school teacher1 teaches
 * every class homework is published to, teacher2 shares the demo class, the others take the remaining classes; in
 * the other schools classes are dealt out to their teachers in turn. Most of the demo class has handed in the open
 * photo homework, waiting to be graded.
 */
export async function seedTeaching(ctx: SeedContext, org: OrgResult, people: PeopleResult, publishedTo: number[]): Promise<void> {
  const links: { teacher_id: number; class_id: number }[] = [];
  for (const [schoolId, teachers] of people.teachers) {
    const classes = org.normalClasses.get(schoolId) ?? [];
    if (schoolId === 100002) {
      for (const class_id of publishedTo) links.push({ teacher_id: teachers[0].id, class_id });
      if (teachers[1]) links.push({ teacher_id: teachers[1].id, class_id: org.demoClass.id });
      const rest = classes.filter((c) => !publishedTo.includes(c.id));
      rest.forEach((c, i) => links.push({ teacher_id: teachers[1 + (i % Math.max(1, teachers.length - 1))]?.id ?? teachers[0].id, class_id: c.id }));
    } else {
      classes.forEach((c, i) => links.push({ teacher_id: teachers[i % teachers.length].id, class_id: c.id }));
    }
  }
  await insertRows(ctx.db, 'teacher_classes', [...new Map(links.map((l) => [`${l.teacher_id}:${l.class_id}`, l])).values()]);

  // 三臂卡环弯制模型拍照上传 (homework 2, open): the demo class hands in photos.
  const rng = ctx.rng('teaching');
  const assignmentId = 2;
  const already = new Set((await ctx.db.selectFrom('marks').select('user_id').where('assignment_id', '=', assignmentId).execute()).map((r) => r.user_id));
  const notes = ['已按要求完成，请老师批阅。', '卡环臂弧度调整了两次，请老师指正。', '拍了颊侧和舌侧两张。', '已完成。', ''];
  const marks = people.students
    .filter((s) => s.class_id === org.demoClass.id && s.id !== people.demo.id && !already.has(s.id))
    .filter(() => rng.chance(0.85))
    .map((s, i) => ({
      assignment_id: assignmentId, user_id: s.id, student_answer: JSON.stringify([url.gallery(1, 1 + (i % 2)), url.gallery(1, 2 - (i % 2))]),
      student_des: rng.pick(notes), annex: '[]', created_at: ctx.at(-2, 30000 + i * 900), updated_at: ctx.at(-2, 30000 + i * 900),
    }));
  await insertRows(ctx.db, 'marks', marks);
  ctx.log(`任教班级 ${links.length}, 待批阅作业 ${marks.length}`);
}
