/** The curated course catalogue the seed is built from: a two-level category tree and the courses in each leaf. */
export type Glyph = 'tooth' | 'implant' | 'heart' | 'needle' | 'scalpel' | 'exam' | 'nurse' | 'scan';

export interface CategorySeed {
  id: number;
  parent_id: number;
  name: string;
  /** Base hue of the generated artwork. */
  hue: number;
  glyph: Glyph;
  /** Open categories link to the practice list; closed ones show 暂未开放. */
  open: boolean;
}

export interface CourseSeed {
  name: string;
  category: number;
  /** What the simulation trains, used in generated descriptions. */
  focus: string;
  /** 0 online training, 1 model, 2 smart device. */
  type: 0 | 1 | 2;
  /** Child courses make the course a practice (shown on the Channel page). */
  children?: string[];
}

/** Learn ids whose score details are image lists, and the learn id that shows 'first module time' (spec §9). */
export const IMAGE_DETAIL_LEARN_IDS = [13, 33];
export const FIRST_MODULE_LEARN_ID = 141;

const cat = (id: number, parent_id: number, name: string, hue: number, glyph: Glyph, open = true): CategorySeed =>
  ({ id, parent_id, name, hue, glyph, open });

export const CATEGORIES: CategorySeed[] = [
  cat(1, 0, '口腔医学', 200, 'tooth'),
  cat(2, 1, '牙体预备', 198, 'tooth'),
  cat(3, 1, '口腔修复', 215, 'tooth'),
  cat(4, 1, '口腔种植', 185, 'implant'),
  cat(5, 1, '牙体牙髓', 228, 'tooth'),
  cat(6, 1, '牙周治疗', 170, 'tooth'),
  cat(7, 1, '口腔颌面外科', 240, 'scalpel'),
  cat(8, 0, '临床医学', 352, 'heart'),
  cat(9, 8, '急救技能', 356, 'heart'),
  cat(10, 8, '穿刺技术', 18, 'needle'),
  cat(11, 8, '外科基本操作', 8, 'scalpel'),
  cat(12, 8, '体格检查', 30, 'heart'),
  cat(13, 0, '口腔执业医师考试', 262, 'exam'),
  cat(14, 13, '基本操作考站', 265, 'exam'),
  cat(15, 13, '病史采集考站', 280, 'exam'),
  cat(16, 0, '护理学', 150, 'nurse'),
  cat(17, 16, '基础护理', 145, 'nurse'),
  cat(18, 16, '专科护理', 160, 'nurse'),
  cat(19, 0, '医学影像', 40, 'scan', false),
  cat(20, 19, '影像诊断', 45, 'scan', false),
];

const c = (name: string, category: number, focus: string, type: 0 | 1 | 2 = 0, children?: string[]): CourseSeed =>
  ({ name, category, focus, type, children });

/** Courses grouped by category; the seed interleaves the groups so any prefix covers every category. */
export const COURSES: CourseSeed[][] = [
  [
    c('上颌第一磨牙全冠牙体预备', 2, '全冠预备的磨除量与轴面聚合度控制', 1),
    c('上颌中切牙烤瓷冠牙体预备', 2, '烤瓷冠唇面分段预备与肩台制备'),
    c('下颌第一磨牙嵌体牙体预备', 2, '嵌体洞形设计与洞缘斜面制备'),
    c('上颌中切牙瓷贴面牙体预备', 2, '贴面开窗型预备与边缘位置控制'),
    c('前磨牙全瓷冠牙体预备', 2, '全瓷冠预备的圆钝线角与均匀磨除'),
  ],
  [
    c('可摘局部义齿卡环弯制', 3, '卡环臂的弯制与就位', 1),
    c('全口义齿排牙训练', 3, '人工牙排列与咬合平衡', 0, ['上前牙排列', '下前牙排列', '后牙排列与平衡']),
    c('固定桥基牙预备与设计', 3, '基牙共同就位道的预备'),
    c('铸造支架设计', 3, '大连接体与卡环的支架设计'),
  ],
  [
    c('单颗牙种植体植入术', 4, '种植窝逐级预备与种植体植入'),
    c('上颌窦提升术虚拟仿真', 4, '上颌窦内提升与骨量评估'),
    c('种植导板设计与应用', 4, '数字化导板设计与引导植入'),
  ],
  [
    c('根管治疗虚拟仿真训练', 5, '根管治疗全流程', 0, ['开髓与根管口定位', '根管预备', '根管充填']),
    c('复合树脂分层充填', 5, '复合树脂的分层充填与固化'),
    c('开髓与髓腔预备', 5, '开髓入口设计与髓腔预备'),
  ],
  [
    c('龈上洁治术', 6, '龈上洁治器械的握持与支点'),
    c('龈下刮治与根面平整', 6, '龈下刮治的角度控制与根面平整'),
  ],
  [
    c('下颌阻生第三磨牙拔除术', 7, '阻生牙拔除的翻瓣、去骨与分牙'),
    c('下牙槽神经阻滞麻醉', 7, '下牙槽神经阻滞麻醉的进针点与方向'),
    c('颌面部软组织清创缝合', 7, '颌面部软组织清创与美容缝合'),
  ],
  [
    c('心肺复苏虚拟仿真训练', 9, '胸外按压与人工通气', 2, ['成人单人心肺复苏', '双人心肺复苏', '婴儿心肺复苏']),
    c('气管插管术', 9, '喉镜暴露与气管插管'),
    c('电除颤操作训练', 9, '除颤仪的使用与电极放置', 2),
    c('创伤止血包扎', 9, '止血带与绷带包扎技术'),
  ],
  [
    c('胸腔穿刺术', 10, '胸腔穿刺的定位与无菌操作'),
    c('腰椎穿刺术', 10, '腰椎穿刺的体位与进针'),
    c('腹腔穿刺术', 10, '腹腔穿刺的定位与放液'),
    c('骨髓穿刺术', 10, '骨髓穿刺的部位选择与取材'),
  ],
  [
    c('外科无菌操作与手术衣穿戴', 11, '外科手消毒与手术衣穿戴'),
    c('清创缝合术', 11, '伤口清创与间断缝合'),
    c('脓肿切开引流术', 11, '脓肿切开与引流'),
  ],
  [
    c('心脏听诊虚拟仿真', 12, '心脏听诊区与心音辨别', 2),
    c('腹部触诊训练', 12, '腹部浅深触诊与脏器触诊'),
  ],
  [
    c('口腔检查基本操作考核', 14, '口腔检查的规范操作'),
    c('口腔执业医师技能考试模拟（第一站）', 14, '技能考试第一站的全部考点', 0, ['无菌操作', '口腔检查', '一般检查']),
    c('椅位调节与口腔检查器械使用', 14, '椅位调节与检查器械的使用'),
  ],
  [c('口腔病史采集标准化病人', 15, '病史采集的问诊技巧')],
  [
    c('静脉输液技术', 17, '静脉输液的穿刺与固定'),
    c('导尿术虚拟仿真', 17, '导尿的无菌操作与插管'),
    c('吸痰护理操作', 17, '经口鼻吸痰的操作规范'),
  ],
  [
    c('特殊口腔护理', 18, '昏迷病人的口腔护理'),
    c('新生儿护理', 18, '新生儿沐浴与脐部护理'),
  ],
];
