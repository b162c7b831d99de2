import { addMessage } from '../services/messaging';
import { FIRST_MODULE_LEARN_ID, IMAGE_DETAIL_LEARN_IDS } from './data/catalogue';
import { topCategoryOf, url, categoryById } from './assets';
import { insertRows } from './batch';
import type { SeedContext } from './context';
import type { CatalogueResult } from './courses';
import type { PeopleResult, StudentInfo } from './people';
import type { Rng } from './random';

const STEPS: Record<number, string[]> = {
  1: ['术前准备与器械选择', '体位与支点', '预备/操作过程', '完成质量评价'],
  8: ['操作前评估', '体位与定位', '操作过程', '术后处理与人文关怀'],
  13: ['考前准备', '无菌操作', '检查操作', '考官提问'],
  16: ['核对与解释', '用物准备', '操作流程', '整理与记录'],
};
const EVALUATIONS = ['操作规范，步骤完整，继续保持。', '整体较好，注意操作细节与时间控制。', '基本掌握操作流程，部分步骤需加强练习。', '关键步骤存在遗漏，建议复习操作要点后重新训练。'];
const MISTAKES = ['', '', '未进行术前核对', '支点不稳定', '操作顺序错误', '超出规定用时'];
const HEADER = ['序号', '考核项目', '满分', '得分', '用时(秒)'];
const FULL_MARKS = [10, 20, 50, 20];
// How the points a student misses are shared among the four steps, by course: not in proportion to the steps' full
// marks, so each course has a step its students lose most on (班级成绩's 失分最多的步骤), and the steps still add up
// to the total. Even at the lowest total (38) no step goes below zero.
const LOSS_SHARES = [[0.05, 0.3, 0.5, 0.15], [0.05, 0.1, 0.55, 0.3], [0.1, 0.1, 0.7, 0.1]];
const CHUNK = 20_000;

function scoreRow(ctx: SeedContext, rng: Rng, s: StudentInfo, learn: { id: number; category: number }, daysBack: number) {
  const r = rng.next();
  const total = Math.min(100, Math.round((38 + 62 * Math.pow(r, 0.55)) * 10) / 10);
  const totalTime = rng.int(300, 3600);
  let detail: unknown[];
  if (IMAGE_DETAIL_LEARN_IDS.includes(learn.id)) {
    const top = topCategoryOf(categoryById.get(learn.category)!).id;
    detail = [url.gallery(top, 1), url.gallery(top, 2)];
  } else {
    const steps = STEPS[topCategoryOf(categoryById.get(learn.category)!).id] ?? STEPS[1];
    const shares = LOSS_SHARES[learn.id % LOSS_SHARES.length];
    const lost = 100 - total;
    detail = [HEADER, ...steps.map((step, i) => [i + 1, step, FULL_MARKS[i], Math.round((FULL_MARKS[i] - lost * shares[i]) * 10) / 10, Math.round(totalTime * FULL_MARKS[i] / 100)])];
  }
  const band = total >= 90 ? 0 : total >= 75 ? 1 : total >= 60 ? 2 : 3;
  return {
    user_id: s.id, learn_id: learn.id, class_id: s.class_id, grade_id: s.grade_id,
    created_at: ctx.at(-daysBack, rng.int(8 * 3600, 22 * 3600)),
    subhead: rng.chance(0.6) ? '考核模式' : '练习模式', subtitle: rng.pick(['综合操作', '分步训练', '病例考核']),
    total_score: total, total_time: totalTime, detail: JSON.stringify(detail),
    evalue: rng.chance(0.3) ? 1 : 0, evaluate: EVALUATIONS[band], mistake: band >= 2 ? rng.pick(MISTAKES) : '',
    first_module_time: learn.id === FIRST_MODULE_LEARN_ID ? rng.int(60, 600) : null,
  };
}

export async function seedScores(ctx: SeedContext, people: PeopleResult, catalogue: CatalogueResult): Promise<number> {
  const rng = ctx.rng('scores');
  const pool = catalogue.scoreable;
  let rows: Record<string, unknown>[] = [];
  let total = 0;
  const flush = async () => {
    await insertRows(ctx.db, 'score_records', rows);
    total += rows.length;
    rows = [];
  };
  // The demo student: a rich history that includes the specially rendered learns (13, 33, 141).
  const special = pool.filter((l) => [...IMAGE_DETAIL_LEARN_IDS, FIRST_MODULE_LEARN_ID].includes(l.id));
  const demoLearns = [...special, ...rng.sample(pool, 12)];
  for (let i = 0; i < Math.max(24, ctx.scoresPerStudent); i++) {
    rows.push(scoreRow(ctx, rng, people.demo, demoLearns[i % demoLearns.length], 1 + Math.floor(i * 5.5)));
  }
  for (const s of people.students.slice(1)) {
    for (let i = 0; i < ctx.scoresPerStudent; i++) rows.push(scoreRow(ctx, rng, s, rng.pick(pool), rng.int(1, 180)));
    if (rows.length >= CHUNK) await flush();
  }
  await flush();
  ctx.log(`成绩记录: ${total}`);
  return total;
}

export async function seedSocial(ctx: SeedContext, people: PeopleResult, catalogue: CatalogueResult): Promise<void> {
  const rng = ctx.rng('social');
  const demo = people.demo;
  const top = catalogue.topLevel;
  const favorites = rng.sample(top.slice(0, 30), 6).map((learn_id, i) => ({ user_id: demo.id, learn_id, created_at: ctx.at(-3 - i * 4, 50000) }));
  for (const s of people.students.slice(1)) {
    if (rng.chance(0.3)) favorites.push({ user_id: s.id, learn_id: rng.pick(top), created_at: ctx.at(-rng.int(1, 200), 40000) });
  }
  await insertRows(ctx.db, 'favorites', favorites);

  const [t1, t2, t3] = people.teachers.get(100002)!;
  // A student greets the teacher they write to by surname.
  const sir = (t: { realname: string }) => `${t.realname[0]}老师`;
  const threads = [
    { teacher: t1, lines: [`${sir(t1)}您好，全冠预备时肩台宽度一般控制在多少合适？`, '金属烤瓷冠唇侧肩台一般 1.0mm 左右，舌侧可以适当窄一些。', '好的，那轴面聚合度呢？', '轴面聚合度 2°~5° 为宜，训练时注意车针保持平行。'] },
    { teacher: t2, lines: [`${sir(t2)}，心肺复苏训练的按压深度总是提示不足，应该怎么调整？`, '注意手臂伸直，用上半身力量垂直下压，深度 5~6 厘米。', '明白了，谢谢老师！'] },
  ];
  // Conversations go through the same service the chat and the teacher API use (server/services/messaging.ts),
  // so unread flags and last messages are exactly what a real exchange leaves behind.
  let messageCount = 0;
  for (const [n, thread] of threads.entries()) {
    for (const [i, text] of thread.lines.entries()) {
      const author = i % 2 === 0 ? demo.id : thread.teacher.id;
      await addMessage(ctx.db, { studentId: demo.id, teacherId: thread.teacher.id }, author, text, ctx.at(-3 - n, 36000 + i * 600));
      messageCount++;
    }
  }
  // A few other students' questions, so teacher-side lists are not empty.
  const askers = people.students.slice(1, 11).filter((x) => x.school_id === 100002);
  for (const s of askers) {
    await addMessage(ctx.db, { studentId: s.id, teacherId: t3.id }, s.id, '老师您好，这个实训项目的考核模式可以重复提交吗？', ctx.at(-5, 40000));
    messageCount++;
  }
  const conversationCount = threads.length + askers.length;

  const notices = [
    [t1, '本周四下午 2 点开放口腔修复实训室，请按时参加模型训练。'],
    [t2, '心肺复苏虚拟仿真考核将于下周一截止，请尚未完成的同学抓紧时间。'],
    [t1, '上颌第一磨牙全冠牙体预备作业已批改，请在“我的作业”中查看成绩与评语。'],
    [t3, '理论考试《口腔修复学》已发布，考试时间 60 分钟，请提前做好准备。'],
    [t2, '请同学们在个人中心完善班级信息，以便教师统计成绩。'],
    [t1, '新增“种植导板设计与应用”实训项目，欢迎大家体验并提出建议。'],
  ] as const;
  await insertRows(ctx.db, 'notifications', notices.map(([teacher, content], i) => ({
    user_id: demo.id, teacher_id: teacher.id, content, created_at: ctx.at(-1 - i * 3, 30000 + i * 977), read_at: i >= 3 ? ctx.at(-i * 3, 60000) : null,
  })));
  ctx.log(`收藏 ${favorites.length}, 会话 ${conversationCount}, 消息 ${messageCount}, 通知 ${notices.length}`);
}
