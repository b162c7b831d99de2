import { insertRows } from './batch';
import type { SeedContext } from './context';
import type { CatalogueResult } from './courses';
import type { OrgResult } from './org';
import type { PeopleResult } from './people';

/** Theory exams, questions to teachers, questionnaires and articles. */
const QUESTIONS: { type: number; question: string; options?: string[]; answer: string; poins: number }[] = [
  { type: 1, question: '全冠牙体预备时，后牙咬合面一般需要磨除的厚度为：', options: ['0.5mm', '1.0mm', '1.5~2.0mm', '3.0mm'], answer: 'C', poins: 10 },
  { type: 1, question: '可摘局部义齿中起主要固位作用的部件是：', options: ['基托', '卡环', '人工牙', '连接体'], answer: 'B', poins: 10 },
  { type: 2, question: '下列属于牙周基础治疗的有：', options: ['龈上洁治', '龈下刮治', '根面平整', '种植体植入'], answer: 'A B C', poins: 15 },
  { type: 3, question: '心肺复苏时成人胸外按压频率应为每分钟 100~120 次。', options: ['正确', '错误'], answer: '正确', poins: 5 },
  { type: 3, question: '根管充填应在根管内有渗出时立即进行。', options: ['正确', '错误'], answer: '错误', poins: 5 },
  { type: 4, question: '烤瓷冠唇侧肩台宽度约为 ____ mm，轴面聚合度为 ____ 度。', answer: '1.0 2~5', poins: 10 },
  { type: 5, question: '名词解释：就位道', answer: '修复体戴入和取出时所沿的方向与路径。', poins: 15 },
  { type: 6, question: '论述：种植修复与固定桥修复的适应证比较。', answer: '从缺牙区骨量、邻牙条件、全身情况与费用等方面比较。', poins: 30 },
];

export async function seedTheory(ctx: SeedContext, org: OrgResult, people: PeopleResult): Promise<void> {
  const teacher = people.teachers.get(100002)![0];
  const tests = [
    { id: 1, name: '口腔修复学理论测试（一）', start_time: ctx.at(-2, 8 * 3600), end_time: ctx.at(12, 22 * 3600) },
    { id: 2, name: '牙体牙髓病学阶段测验', start_time: ctx.at(-20, 8 * 3600), end_time: ctx.at(-5, 22 * 3600) },
    { id: 3, name: '牙周病学随堂测验', start_time: ctx.at(-30, 8 * 3600), end_time: ctx.at(-25, 22 * 3600) },
    { id: 4, name: '口腔执业医师综合模拟卷', start_time: ctx.at(7, 8 * 3600), end_time: ctx.at(14, 22 * 3600) },
  ].map((t) => ({ ...t, school_id: 100002, teacher_id: teacher.id, times: 60, score: 100, created_at: ctx.at(-35) }));
  const classIds = [...new Set([org.demoClass.id, org.probationClass.id, org.normalClasses.get(100002)![0].id])];
  const questions: Record<string, unknown>[] = [];
  let questionId = 1;
  for (const test of tests) {
    QUESTIONS.forEach((q, sort) => questions.push({
      id: questionId++, test_id: test.id, type: q.type, question: q.question, content: JSON.stringify(q.options ?? []), poins: q.poins, answer: q.answer, sort,
    }));
  }
  await insertRows(ctx.db, 'theory_tests', tests);
  await insertRows(ctx.db, 'theory_test_classes', tests.flatMap((t) => classIds.map((class_id) => ({ test_id: t.id, class_id }))));
  await insertRows(ctx.db, 'theory_questions', questions);

  // The demo student took test 2 (ended) and submitted it; test 3 ended without an attempt.
  const given = ['C', 'B', 'A B', '正确', '正确', '1.0 2~5', '修复体戴入和取出的方向。', '种植修复不损伤邻牙，但对骨量要求较高。'];
  const answers = QUESTIONS.map((q, i) => {
    const objective = q.type <= 4;
    const right = objective ? given[i] === q.answer : true;
    return {
      // A subjective answer the teacher credited in part (80%) counts as isright 2 with its points, as a teacher's grade does.
      attempt_id: 1, question_id: QUESTIONS.length + i + 1, answer: given[i], isright: right && objective ? 1 : 2,
      poins: right ? (objective ? q.poins : Math.round(q.poins * 0.8)) : 0, seq: i + 1, updated_at: ctx.at(-15, 36000 + i * 120),
    };
  });
  const score = answers.reduce((sum, a) => sum + a.poins, 0);
  await insertRows(ctx.db, 'theory_attempts', [{
    id: 1, test_id: 2, user_id: people.demo.id, status: 'submitted', started_at: ctx.at(-15, 36000),
    deadline_at: ctx.at(-15, 36000 + 3600), submitted_at: ctx.at(-15, 36000 + 2400), score, last_seq: answers.length,
  }]);
  await insertRows(ctx.db, 'theory_answers', answers);
  const extra = await seedOpenTest(ctx, teacher.id, questionId);
  ctx.log(`理论考试 ${tests.length + 1}, 试题 ${questions.length + extra}`);
}

/** Every question type, for the whole demo school (no class rows), open now with a 30-minute limit. */
const OPEN_TEST_QUESTIONS: typeof QUESTIONS = [
  { type: 1, question: '上颌第一磨牙最大的牙尖是：', options: ['近中颊尖', '远中颊尖', '近中舌尖', '远中舌尖'], answer: 'C', poins: 10 },
  { type: 2, question: '下列属于牙体硬组织的有：', options: ['釉质', '牙本质', '牙骨质', '牙髓', '牙周膜', '牙槽骨'], answer: 'A B C', poins: 15 },
  { type: 3, question: '乳牙共有 20 颗。', options: ['正确', '错误'], answer: '正确', poins: 5 },
  { type: 4, question: '恒牙列共有 ____ 颗牙，其中磨牙 ____ 颗，前磨牙 ____ 颗。', answer: '32|28 12|8 8', poins: 15 },
  { type: 5, question: '名词解释：咬合', answer: '上下颌牙齿发生接触的现象。', poins: 15 },
  { type: 6, question: '论述：牙周病与全身疾病的关系。', answer: '从糖尿病、心血管疾病、早产低体重儿等方面论述。', poins: 25 },
  { type: 7, question: '简答：简述刷牙的正确方法。', answer: '推荐改良 Bass 刷牙法，每次至少 2 分钟。', poins: 15 },
];

async function seedOpenTest(ctx: SeedContext, teacherId: number, firstQuestionId: number): Promise<number> {
  await insertRows(ctx.db, 'theory_tests', [{
    id: 5, school_id: 100002, teacher_id: teacherId, name: '口腔解剖生理学在线测验', start_time: ctx.at(-1, 8 * 3600), end_time: ctx.at(10, 22 * 3600),
    times: 30, score: 100, created_at: ctx.at(-3),
  }]);
  await insertRows(ctx.db, 'theory_questions', OPEN_TEST_QUESTIONS.map((q, sort) => ({
    id: firstQuestionId + sort, test_id: 5, type: q.type, question: q.question, content: JSON.stringify(q.options ?? []), poins: q.poins, answer: q.answer, sort,
  })));
  return OPEN_TEST_QUESTIONS.length;
}

export async function seedTopicsAndForms(ctx: SeedContext, people: PeopleResult, catalogue: CatalogueResult): Promise<void> {
  const [t1, t2] = people.teachers.get(100002)!;
  const [l1, l2, l3] = catalogue.topLevel;
  const topics = [
    [t1, l1, '全冠预备后邻面有倒凹怎么处理？', '预备完成后检查发现邻面存在倒凹，需要如何修整？', '用细车针沿就位道方向修整邻面即可。'],
    [t2, l2, '卡环臂弯制总是不贴合', '卡环臂与基牙之间有缝隙，如何改进弯制手法？', ''],
    [t1, l3, '种植窝洞预备的转速设置', '不同直径钻针对应的转速是多少？', ''],
  ] as const;
  await insertRows(ctx.db, 'topics', topics.map(([teacher, learn_id, title, content, reply], i) => ({
    user_id: people.demo.id, teacher_id: teacher.id, learn_id: learn_id ?? null, title, content, reply, created_at: ctx.at(-6 - i * 5, 45000), updated_at: ctx.at(-4 - i * 5, 45000),
  })));

  const problem = JSON.stringify([
    { topic: '您对本实验项目的总体满意度如何？', option: ['非常满意', '满意', '一般', '不满意'] },
    { topic: '通过本实验，您掌握了哪些内容？（可多选）', option: ['操作流程', '器械使用', '评分要点', '临床思维'] },
    { topic: '您认为本实验的教学资源还需要补充哪些内容？', option: [] },
    { topic: '您对本实验项目有哪些意见或建议？', option: [] },
  ]);
  await insertRows(ctx.db, 'questionnaires', [{ id: 1, learn_id: null, problem, created_at: ctx.at(-100) }]);
  await insertRows(ctx.db, 'questionnaire_answers', [{
    user_id: people.demo.id, learn_id: l2, estimate: 0, know: JSON.stringify([0, 1]), resource: '希望增加更多病例。', perspective: '操作手感很真实。', created_at: ctx.at(-20, 50000),
  }]);

  await insertRows(ctx.db, 'articles', [
    { id: 1, school_id: null, title: '用户服务协议', content: '<h3>一、总则</h3><p>欢迎使用虚拟仿真实验教学平台。注册即表示您同意遵守本协议。</p><h3>二、账号使用</h3><p>用户应妥善保管账号与密码，不得转借他人使用。</p><h3>三、隐私保护</h3><p>平台仅为教学目的收集必要的个人信息，并依法予以保护。</p>', created_at: ctx.at(-900) },
    { id: 2, school_id: null, title: '隐私政策', content: '<p>我们收集的信息包括：姓名、手机号、院系班级与实训成绩，仅用于教学管理与成绩统计。</p>', created_at: ctx.at(-900) },
    { id: 3, school_id: 100002, title: '平台使用说明', content: '<p>请使用配备独立显卡的电脑和 Chrome 浏览器访问平台，移动端暂不支持。</p>', created_at: ctx.at(-600) },
  ]);
}
