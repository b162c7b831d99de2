import { url } from './assets';
import { insertRows } from './batch';
import type { SeedContext } from './context';
import type { CatalogueResult } from './courses';
import type { OrgResult } from './org';
import type { PeopleResult } from './people';
import { seedTeaching } from './teaching';

/** Homework, exams and class tasks/tests for the demo school, with the demo student's submissions. */
type Window = 'ended' | 'open' | 'upcoming';

const HOMEWORK: [string, number, number, Window][] = [
  // title, classify (1,4 in-system; 2,3,6 photos; 5 docx), cate (1 casting, 2 clasp, 3 sketch), window
  ['上颌第一磨牙全冠预备练习', 1, 1, 'ended'],
  ['三臂卡环弯制模型拍照上传', 2, 2, 'open'],
  ['下颌第一磨牙咬合面形态素描', 3, 3, 'open'],
  ['口腔修复学病例分析报告', 5, 1, 'open'],
  ['铸造支架蜡型制作', 6, 1, 'upcoming'],
  ['根管治疗虚拟仿真练习', 4, 2, 'ended'],
];
const EXAMS: [string, number, number, Window][] = [
  ['牙体预备技能期中考核', 1, 1, 'ended'],
  ['卡环弯制操作考试', 2, 2, 'open'],
  ['口腔执业医师技能模拟考试', 4, 3, 'open'],
  ['口腔解剖素描期末考试', 3, 3, 'upcoming'],
];

function window(ctx: SeedContext, w: Window, index: number): { start_time: string; end_time: string } {
  if (w === 'ended') return { start_time: ctx.at(-30 - index * 7, 8 * 3600), end_time: ctx.at(-10 - index * 3, 18 * 3600) };
  if (w === 'open') return { start_time: ctx.at(-3 - index, 8 * 3600), end_time: ctx.at(10 + index * 2, 22 * 3600) };
  return { start_time: ctx.at(5 + index, 8 * 3600), end_time: ctx.at(20 + index, 18 * 3600) };
}

export async function seedAssignments(ctx: SeedContext, org: OrgResult, people: PeopleResult, catalogue: CatalogueResult): Promise<void> {
  const rng = ctx.rng('assignments');
  const teachers = people.teachers.get(100002)!;
  const demo = people.demo;
  const classmates = people.students.filter((s) => s.class_id === demo.class_id).slice(1, 6);
  const targetClasses = [org.demoClass.id, org.probationClass.id, ...org.normalClasses.get(100002)!.slice(0, 3).map((c) => c.id)];
  const uniqueClasses = [...new Set(targetClasses)];
  const assignments: Record<string, unknown>[] = [];
  const links: Record<string, unknown>[] = [];
  const marks: Record<string, unknown>[] = [];
  let id = 1;

  for (const [kind, list] of [['homework', HOMEWORK], ['exam', EXAMS]] as const) {
    list.forEach(([title, classify, cate, w], i) => {
      const assignmentId = id++;
      const inSystem = classify === 1 || classify === 4;
      assignments.push({
        id: assignmentId, school_id: 100002, teacher_id: teachers[i % teachers.length].id, kind, title, classify, cate_id: cate,
        content: inSystem ? '请在虚拟仿真系统中完成指定训练，系统自动记录成绩。' : '请按要求完成操作后拍照（或上传文档）提交。',
        description: `${title}：请认真阅读要求，在规定时间内完成并提交。`,
        detail: url.gallery(1, (i % 2) + 1), learn_id: inSystem ? catalogue.topLevel[i % catalogue.topLevel.length] : null,
        ...window(ctx, w, i), test_time: kind === 'exam' ? 60 : 0, tooth_num: rng.pick(['16', '26', '36', '46', '11']),
        annex: JSON.stringify(i % 2 === 0 ? [{ name: '操作要求.txt', url: url.resource('training-guide.txt') }] : []), created_at: ctx.at(-40 - i),
      });
      for (const class_id of uniqueClasses) links.push({ assignment_id: assignmentId, class_id });
      if (w === 'upcoming') return;
      // The demo student has submitted the ended ones (graded) and the first open one of each kind.
      const submitted = w === 'ended' || i === 1;
      if (submitted) {
        const graded = w === 'ended';
        const score = graded ? rng.int(68, 96) : null;
        marks.push({
          assignment_id: assignmentId, user_id: demo.id,
          student_answer: JSON.stringify(classify === 5 ? [{ name: '病例分析报告.docx', url: url.resource('training-guide.txt') }] : [url.gallery(1, 1)]),
          student_des: '已按要求完成，请老师批阅。', annex: '[]', sum: rng.int(3, 12), total_time: rng.int(900, 3000),
          teacher_data: graded ? JSON.stringify({ score, items: [{ name: '操作规范', score: Math.round((score ?? 0) * 0.6) }, { name: '完成质量', score: Math.round((score ?? 0) * 0.4) }] }) : null,
          teacher_answer: graded ? '参考答案：肩台宽度 1.0mm，轴面聚合度 2°~5°。' : '',
          teacher_comment: graded ? '完成质量较好，注意邻面预备时保护邻牙。' : '', score,
          created_at: ctx.at(-12, 50000), updated_at: ctx.at(-12, 50000), graded_at: graded ? ctx.at(-9, 40000) : null,
        });
      }
      for (const mate of classmates) {
        if (rng.chance(0.6)) marks.push({ assignment_id: assignmentId, user_id: mate.id, student_answer: JSON.stringify([url.gallery(1, 2)]), student_des: '已完成。', score: w === 'ended' ? rng.int(55, 98) : null, created_at: ctx.at(-11, 40000), updated_at: ctx.at(-11, 40000) });
      }
    });
  }
  const questions = [
    ['全冠牙体预备的基本顺序是什么？', '咬合面 → 颊舌面 → 邻面 → 轴面角 → 肩台精修。'],
    ['烤瓷冠唇侧肩台的宽度一般为多少？', '约 1.0mm。'],
    ['轴面聚合度过大会导致什么问题？', '固位力下降，修复体易脱落。'],
  ];
  const examId = HOMEWORK.length + 2; // 卡环弯制操作考试 (open)
  await insertRows(ctx.db, 'assignments', assignments);
  await insertRows(ctx.db, 'assignment_classes', links);
  await insertRows(ctx.db, 'assignment_questions', questions.map(([question, answer], sort) => ({ assignment_id: examId, question, answer, sort })));
  await insertRows(ctx.db, 'marks', marks);
  await seedTasks(ctx, uniqueClasses, teachers.map((t) => t.id), demo.id, catalogue);
  await seedTeaching(ctx, org, people, uniqueClasses);
  ctx.log(`作业/考试 ${assignments.length}, 提交 ${marks.length}`);
}

/** Class tasks and tests. Ids 22 and 31+ carry score/comment lists as JSON, as the spec's client expects. */
async function seedTasks(ctx: SeedContext, classIds: number[], teacherIds: number[], demoId: number, catalogue: CatalogueResult) {
  const plan: [number, 'task' | 'test', string, number, Window][] = [
    [1, 'task', '铸造冠蜡型制作任务', 1, 'open'],
    [2, 'task', '三臂卡环弯制任务', 2, 'ended'],
    [3, 'task', '牙体外形素描任务', 3, 'open'],
    [4, 'test', '铸造技术阶段测试', 1, 'upcoming'],
    [22, 'test', '卡环弯制技能测试', 2, 'ended'],
    [31, 'task', '全冠预备综合任务', 1, 'ended'],
    [32, 'test', '素描技能期末测试', 3, 'open'],
  ];
  const tasks = plan.map(([id, kind, title, cate, w], i) => ({
    id, school_id: 100002, teacher_id: teacherIds[i % teacherIds.length], kind, title, type: kind === 'task' ? 1 : 2, cate,
    learn_id: catalogue.topLevel[i % catalogue.topLevel.length], content: `${title}：按照要求完成并上传作品照片。`,
    description: '请在规定时间内完成，逾期无法提交。', detail: url.gallery(1, 1), ...window(ctx, w, i),
    test_time: kind === 'test' ? 90 : 0, tooth_num: '36', created_at: ctx.at(-45 - i),
  }));
  const links = tasks.flatMap((t) => classIds.map((class_id) => ({ task_id: t.id, class_id })));
  const records = plan.filter(([, , , , w]) => w === 'ended').map(([id]) => {
    const listStyle = id === 22 || id > 30;
    return {
      task_id: id, user_id: demoId, status: 2, student_answer: JSON.stringify([url.gallery(1, 2)]), student_des: '已完成并拍照上传。',
      teacher_data: listStyle ? JSON.stringify([86, 91]) : JSON.stringify({ score: 88 }),
      teacher_comment: listStyle ? JSON.stringify(['外形准确，线条流畅。', '注意邻接关系。']) : '完成良好。',
      score: listStyle ? 88.5 : 88, total_time: 2400, created_at: ctx.at(-14, 40000), updated_at: ctx.at(-10, 40000),
    };
  });
  records.push({ task_id: 1, user_id: demoId, status: 1, student_answer: JSON.stringify([url.gallery(1, 1)]), student_des: '蜡型已完成。', teacher_data: null as unknown as string, teacher_comment: '', score: null as unknown as number, total_time: 1800, created_at: ctx.at(-1, 40000), updated_at: ctx.at(-1, 40000) });
  await insertRows(ctx.db, 'tasks', tasks);
  await insertRows(ctx.db, 'task_classes', links);
  await insertRows(ctx.db, 'task_records', records);
}
