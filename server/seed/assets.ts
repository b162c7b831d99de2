import { CATEGORIES, COURSES, FIRST_MODULE_LEARN_ID, type CategorySeed, type CourseSeed, type Glyph } from './data/catalogue';
import { avatar, courseThumbnail, galleryScene, schoolLogo } from './svg';

/**
 * Seed artwork is committed under server/assets/seed/ and served by the server at /assets/seed/.
 * `npx tsx server/seed/write-assets.ts` regenerates the SVGs from this plan (the video is a committed binary).
 */
export const ASSET_URL = '/assets/seed';

export const SEED_SCHOOLS = [
  { id: 100002, school_name: '华康医科大学', domain_name: 'demo', type: '0', hue: 205 },
  { id: 100001, school_name: '省级虚拟仿真实验教学共享平台', domain_name: 'platform', type: '1', hue: 225 },
  { id: 100045, school_name: '江南口腔医学院', domain_name: 'jnkq', type: '0', hue: 170 },
];

export const AVATAR_COUNT = 12;
export const VIDEO_URL = `${ASSET_URL}/video/course-intro.webm`;
export const RESOURCES = [
  { title: '实训指导书', file: 'training-guide.txt' },
  { title: '考核评分标准', file: 'scoring-rubric.txt' },
];

export const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

/** Curated courses in seeding order: round-robin over categories so any prefix covers them all. */
export const CURATED: CourseSeed[] = (() => {
  const out: CourseSeed[] = [];
  const longest = Math.max(...COURSES.map((g) => g.length));
  for (let i = 0; i < longest; i++) for (const group of COURSES) if (group[i]) out.push(group[i]);
  return out;
})();

export const MODULE_COURSE = {
  name: '根管治疗分模块计时训练',
  category: 5,
  focus: '分模块计时的根管治疗全流程',
  id: FIRST_MODULE_LEARN_ID,
};

export const url = {
  course: (index: number) => `${ASSET_URL}/courses/course-${index + 1}.svg`,
  child: (parentIndex: number, childIndex: number) => `${ASSET_URL}/courses/course-${parentIndex + 1}-${childIndex + 1}.svg`,
  module: () => `${ASSET_URL}/courses/module-${FIRST_MODULE_LEARN_ID}.svg`,
  category: (id: number) => `${ASSET_URL}/categories/category-${id}.svg`,
  gallery: (topId: number, n: number) => `${ASSET_URL}/gallery/gallery-${topId}-${n}.svg`,
  avatar: (n: number) => `${ASSET_URL}/avatars/avatar-${(n % AVATAR_COUNT) + 1}.svg`,
  logo: (schoolId: number) => `${ASSET_URL}/logos/school-${schoolId}.svg`,
  resource: (file: string) => `${ASSET_URL}/resources/${file}`,
};

export function topCategoryOf(category: CategorySeed): CategorySeed {
  return category.parent_id === 0 ? category : categoryById.get(category.parent_id)!;
}

function thumb(name: string, categoryId: number): string {
  const c = categoryById.get(categoryId)!;
  return courseThumbnail({ name, label: c.name, hue: c.hue, glyph: c.glyph });
}

const GALLERY_CAPTIONS = ['虚拟仿真操作场景', '三维模型细节展示'];

const GUIDE = `虚拟仿真实训指导书

一、实训目的
通过虚拟仿真环境反复练习临床操作，熟悉操作流程、器械使用与评分要点。

二、实训前准备
1. 使用配备独立显卡的电脑，推荐 Chrome 浏览器。
2. 阅读项目简介与操作步骤，了解考核要点。

三、实训流程
1. 登录平台，在“实训项目”中选择课程并点击“开始学习”。
2. 按提示完成各操作步骤，系统自动记录每一步的得分与用时。
3. 完成后在“成绩中心”查看成绩详情，可导出 PDF。

四、注意事项
练习模式可反复进行，考核模式以最后一次提交为准。
`;

const RUBRIC = `考核评分标准

总分 100 分，60 分及格，90 分及以上为优秀。

| 项目         | 分值 |
| 术前准备     | 10   |
| 操作步骤规范 | 50   |
| 操作结果     | 30   |
| 用时与人文关怀 | 10 |
`;

/** The landing page gallery (/njkq): two images for each of preparation, operation and practice. */
export const LANDING_IMAGES: { name: string; title: string; caption: string; hue: number; glyph: Glyph }[] = [
  { name: 'prep-1', title: '术前准备', caption: '病例资料与考站要求', hue: 205, glyph: 'exam' },
  { name: 'prep-2', title: '术前准备', caption: '器械准备与核对', hue: 215, glyph: 'scalpel' },
  { name: 'op-1', title: '操作流程', caption: '三维口腔模型操作', hue: 185, glyph: 'tooth' },
  { name: 'op-2', title: '操作流程', caption: '种植体植入演示', hue: 170, glyph: 'implant' },
  { name: 'practice-1', title: '实践练习', caption: '考站模拟训练', hue: 262, glyph: 'exam' },
  { name: 'practice-2', title: '实践练习', caption: '评分反馈与复盘', hue: 150, glyph: 'scan' },
];

/** Every generated seed asset: path relative to server/assets/ -> file content. */
export function seedAssetFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const put = (publicUrl: string, content: string) => files.set(publicUrl.replace(/^\/assets\//, ''), content);
  CURATED.forEach((course, i) => {
    put(url.course(i), thumb(course.name, course.category));
    course.children?.forEach((child, k) => put(url.child(i, k), thumb(child, course.category)));
  });
  put(url.module(), thumb(MODULE_COURSE.name, MODULE_COURSE.category));
  for (const c of CATEGORIES) {
    put(url.category(c.id), thumb(`${c.name}实训`, c.id));
    if (c.parent_id === 0) {
      GALLERY_CAPTIONS.forEach((caption, n) =>
        put(url.gallery(c.id, n + 1), galleryScene({ title: c.name, caption, hue: c.hue + n * 12, glyph: c.glyph })),
      );
    }
  }
  for (let n = 0; n < AVATAR_COUNT; n++) put(url.avatar(n), avatar((n * 47 + 190) % 360));
  for (const s of SEED_SCHOOLS) put(url.logo(s.id), schoolLogo({ name: s.school_name, hue: s.hue }));
  for (const img of LANDING_IMAGES) put(`${ASSET_URL}/landing/${img.name}.svg`, galleryScene(img));
  put(url.resource(RESOURCES[0].file), GUIDE);
  put(url.resource(RESOURCES[1].file), RUBRIC);
  return files;
}
