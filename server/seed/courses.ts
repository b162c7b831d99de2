import { CATEGORIES, FIRST_MODULE_LEARN_ID, type CategorySeed } from './data/catalogue';
import { CURATED, MODULE_COURSE, RESOURCES, VIDEO_URL, categoryById, topCategoryOf, url } from './assets';
import { insertRows } from './batch';
import { IdCounter, type SeedContext } from './context';
import type { OrgResult } from './org';

export interface CatalogueResult {
  /** Top-level course ids, in list order. */
  topLevel: number[];
  /** Learn ids a score can be recorded on (courses without children, and child courses). */
  scoreable: { id: number; category: number }[];
}

function introduce(name: string, focus: string, short: boolean): string {
  if (short) return `${name}标准化训练。`;
  return `本项目以“${name}”为训练内容，基于真实临床病例构建三维虚拟场景，学生可在虚拟环境中反复练习${focus}，系统实时记录每一步操作并给出评分与改进建议，帮助学生在进入临床前熟练掌握规范操作。`;
}

function details(name: string, focus: string, category: CategorySeed): { title: string; content: string }[] {
  return [
    { title: '项目简介', content: `<p>${name}虚拟仿真实训项目，面向${topCategoryOf(category).name}专业学生，重点训练${focus}。</p><p>项目采用三维建模与力反馈交互技术，还原真实操作环境。</p>` },
    { title: '实验目的', content: `<ol><li>掌握${focus}的操作规范；</li><li>熟悉相关器械的选择与使用；</li><li>培养无菌观念与人文关怀意识。</li></ol>` },
    { title: '操作步骤', content: '<ol><li>阅读病例资料，完成术前评估；</li><li>准备器械与物品，调整体位；</li><li>按规范完成各操作步骤；</li><li>提交操作结果，查看系统评分与反馈。</li></ol>' },
    { title: '考核要点', content: '<p>总分 <strong>100</strong> 分，60 分及格，90 分及以上为优秀。系统按步骤计分，操作顺序错误或遗漏关键步骤将扣分。</p>' },
  ];
}

export async function seedCatalogue(ctx: SeedContext, org: OrgResult): Promise<CatalogueResult> {
  const rng = ctx.rng('courses');
  await insertRows(ctx.db, 'learn_categories', CATEGORIES.map((c) => ({
    id: c.id, school_id: null, parent_id: c.parent_id, name: c.name, link: c.open ? '/ucenter/practiceList' : null, icon: url.category(c.id), sort: c.id,
  })));

  const learns: Record<string, unknown>[] = [];
  const detailRows: Record<string, unknown>[] = [];
  const fileRows: Record<string, unknown>[] = [];
  const resourceRows: Record<string, unknown>[] = [];
  const ids = new IdCounter();
  const childIds = new IdCounter(ctx.courses + 1);
  const result: CatalogueResult = { topLevel: [], scoreable: [] };

  const addCourse = (id: number, name: string, categoryId: number, focus: string, thum: string, extra: Record<string, unknown>) => {
    const category = categoryById.get(categoryId)!;
    const big = rng.chance(0.3);
    learns.push({
      id, school_id: null, category_id: categoryId, name, thum, times: rng.pick([15, 20, 30, 45, 60, 90]),
      user_count: big ? rng.int(10000, 36000) : rng.int(86, 9800), change_time: ctx.at(-rng.int(1, 420), rng.int(28800, 64800)),
      introduce: introduce(name, focus, rng.chance(0.15)), type: 0, url: `/sim/${id}`, parent_learn_id: null, state: 1, sort: id,
      created_at: ctx.at(-rng.int(430, 900)), ...extra,
    });
    details(name, focus, category).forEach((d, sort) => detailRows.push({ learn_id: id, ...d, sort }));
    const top = topCategoryOf(category).id;
    fileRows.push(
      { learn_id: id, type: 'image', path: thum, title: name, cover: '', sort: 0 },
      { learn_id: id, type: 'image', path: url.gallery(top, 1), title: '虚拟仿真操作场景', cover: '', sort: 1 },
      { learn_id: id, type: 'image', path: url.gallery(top, 2), title: '三维模型细节展示', cover: '', sort: 2 },
      { learn_id: id, type: 'video', path: VIDEO_URL, title: '项目介绍视频', cover: thum, sort: 3 },
    );
    RESOURCES.forEach((r, sort) => resourceRows.push({ learn_id: id, title: `${name}${r.title}`, path: url.resource(r.file), size: 1024, sort }));
  };

  let rootCanalId: number | null = null;
  for (let i = 0; i < ctx.courses; i++) {
    const id = ids.take();
    const curated = CURATED[i % CURATED.length];
    const round = Math.floor(i / CURATED.length);
    const name = round === 0 ? curated.name : `${curated.name}（病例${round + 1}）`;
    const thum = round === 0 ? url.course(i) : url.category(curated.category);
    // Practices are hand-written only: generated variants are single courses.
    const children = round === 0 ? curated.children ?? [] : [];
    const state = round > 0 && i % 50 === 49 ? 0 : 1; // a few unpublished drafts in large catalogues
    addCourse(id, name, curated.category, curated.focus, thum, { type: curated.type, state });
    result.topLevel.push(id);
    if (children.length === 0 && state === 1) result.scoreable.push({ id, category: curated.category });
    if (curated.name === '根管治疗虚拟仿真训练' && round === 0) rootCanalId = id;
    children.forEach((childName, k) => {
      const childId = childIds.take();
      addCourse(childId, childName, curated.category, curated.focus, url.child(i, k), { parent_learn_id: id, type: curated.type, sort: k });
      result.scoreable.push({ id: childId, category: curated.category });
    });
  }
  // Learn 141 shows 'first module time' in score details: make sure it exists in every seed size.
  if (childIds.peek() <= FIRST_MODULE_LEARN_ID) {
    addCourse(FIRST_MODULE_LEARN_ID, MODULE_COURSE.name, MODULE_COURSE.category, MODULE_COURSE.focus, url.module(), {
      parent_learn_id: rootCanalId, sort: 9,
    });
    if (rootCanalId === null) result.topLevel.push(FIRST_MODULE_LEARN_ID);
    result.scoreable.push({ id: FIRST_MODULE_LEARN_ID, category: MODULE_COURSE.category });
  }

  // Parents before children (foreign key), then the rest.
  learns.sort((a, b) => Number(a.parent_learn_id !== null) - Number(b.parent_learn_id !== null) || (a.id as number) - (b.id as number));
  await insertRows(ctx.db, 'learns', learns);
  await insertRows(ctx.db, 'learn_details', detailRows);
  await insertRows(ctx.db, 'learn_files', fileRows);
  await insertRows(ctx.db, 'learn_resources', resourceRows);

  // Class visibility: the last course is only for the partner school's first class, one only for the demo class.
  const partnerClass = org.normalClasses.get(100045)![0];
  const visibility = [{ class_id: partnerClass.id, learn_id: result.topLevel[result.topLevel.length - 1] }];
  if (result.topLevel.length > 2) visibility.push({ class_id: org.demoClass.id, learn_id: result.topLevel[result.topLevel.length - 2] });
  await insertRows(ctx.db, 'class_learns', visibility);
  ctx.log(`课程: ${result.topLevel.length} 个项目, 共 ${learns.length} 条课程记录`);
  return result;
}
