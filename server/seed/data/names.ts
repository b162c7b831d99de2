/** Names for generated people and the school structure of each seeded school. */
export const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'];

export const GIVEN_CHARS = [...'伟芳娜秀敏静丽强磊军洋勇艳杰娟涛明超霞平刚桂英华玉兰萍鹏辉玲建俊飞红鑫波斌宇浩凯健琳晨欣悦雪梦怡佳彤轩然睿泽涵婷雨思远子晗博文婧瑶晓嘉宁诗琪航毅昊'];

export const TEACHER_NAMES = ['陈志明', '王丽华', '李建国', '刘雅琴', '赵文博', '孙慧敏', '周海峰', '吴秀兰', '郑国栋', '黄静怡', '徐晓东'];

export const GRADE_NAMES = ['2022级', '2023级', '2024级', '2025级'];

export interface DepartmentPlan {
  department: string;
  majors: string[];
}

export const ORG_PLANS: Record<number, DepartmentPlan[]> = {
  100002: [
    { department: '口腔医学院', majors: ['口腔医学', '口腔医学技术'] },
    { department: '临床医学院', majors: ['临床医学', '麻醉学'] },
    { department: '护理学院', majors: ['护理学'] },
  ],
  100001: [
    { department: '平台管理中心', majors: ['虚拟仿真教学'] },
  ],
  100045: [
    { department: '口腔医学系', majors: ['口腔医学', '口腔修复工艺'] },
    { department: '护理系', majors: ['口腔护理'] },
  ],
};
