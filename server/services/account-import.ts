import { randomInt } from 'node:crypto';
import type ExcelJS from 'exceljs';
import type { Db } from '../db';
import { hashInitialPassword } from '../db/password';
import { invalid } from '../http/errors';
import { ACCOUNT_RULES, accountPasswordProblem, initialPassword } from './account-rules';
import { readSheet } from './sheet-file';

/**
 * Student and teacher accounts imported from a spreadsheet (.xlsx or .csv) by a school administrator (issue 17 item 2):
 * the template, and reading a file into rows each with what is wrong with it, checked against the file itself and the
 * school's accounts and classes. Nothing here writes: the administrator confirms the preview first.
 */
export type ImportRole = 'student' | 'teacher';
export const MAX_ACCOUNT_ROWS = 2000;

/** Columns by their header text; * = required. Order in the file is free, unknown headers are refused. */
export const COLUMNS = {
  student: { 账号: 'username', 姓名: 'realname', 学号: 'student_no', 手机号: 'mobile', 院系: 'department', 专业: 'major', 年级: 'grade', 班级: 'class', 密码: 'password' },
  teacher: { 账号: 'username', 姓名: 'realname', 手机号: 'mobile', 任教班级: 'class', 密码: 'password' },
} as const;
const REQUIRED = { student: ['账号', '姓名', '班级'], teacher: ['账号', '姓名'] } as const;
const ROLE_NAMES = { student: '学生', teacher: '教师' };

export interface AccountRow {
  row: number;
  username: string;
  realname: string;
  student_no: string;
  mobile: string;
  class_text: string;
  class_ids: number[];
  /** A generated initial password, shown to the administrator (the file gave none). */
  initial: string;
  /** The password's hash (rows without errors), made at preview time so the confirmation only writes. */
  hash: string;
  errors: string[];
}

const headerMessage = (role: ImportRole) => `表头与模板不一致：第 1 行须包含 ${REQUIRED[role].join('、')}，可选 ${Object.keys(COLUMNS[role]).filter((h) => !(REQUIRED[role] as readonly string[]).includes(h)).join('、')}`;

export function buildAccountTemplate(Excel: typeof ExcelJS, role: ImportRole): ExcelJS.Workbook {
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet(ROLE_NAMES[role]);
  const headers = Object.keys(COLUMNS[role]);
  sheet.addRow(headers).font = { bold: true };
  if (role === 'student') sheet.addRow(['stu2026001', '张三', '2026001', '13800000001', '口腔医学院', '口腔医学', '2024级', '口腔医学2024级1班', '']);
  else sheet.addRow(['teacher01', '李老师', '13900000001', '口腔医学2024级1班、口腔医学2024级2班', '']);
  sheet.columns.forEach((column) => { column.width = 18; });
  sheet.getColumn(role === 'student' ? 2 : 3).numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const rules = book.addWorksheet('填写说明');
  for (const line of [
    ['账号', `必填，${ACCOUNT_RULES.usernameMessage}，在本校唯一`],
    ['姓名', `必填，最多 ${ACCOUNT_RULES.realnameMax} 个字`],
    ['手机号', '选填，11 位手机号，在本校唯一'],
    role === 'student'
      ? ['班级', '必填：本校班级名称；重名的班级请同时填写院系、专业、年级']
      : ['任教班级', '选填：本校班级名称，多个用顿号或逗号分隔'],
    ['密码', `选填：${ACCOUNT_RULES.passwordMessage}；不填则自动生成初始密码（在导入预览中显示）。首次登录须修改密码`],
    ['其他', `示例行可删除；一次最多 ${MAX_ACCOUNT_ROWS} 行；也可另存为 CSV（UTF-8）上传`],
  ]) rules.addRow(line);
  rules.getColumn(1).width = 10;
  rules.getColumn(2).width = 90;
  return book;
}

interface SchoolClasses {
  byName: Map<string, number[]>;
  byPath: Map<string, number>;
}

async function schoolClasses(db: Db, schoolId: number): Promise<SchoolClasses> {
  const rows = await db.selectFrom('classes as c').innerJoin('grades as g', 'g.id', 'c.grade_id').innerJoin('majors as m', 'm.id', 'g.major_id')
    .innerJoin('departments as d', 'd.id', 'm.depart_id').where('d.school_id', '=', schoolId)
    .select(['c.id', 'c.class_name', 'g.grade_name', 'm.major_name', 'd.department_name']).execute();
  const byName = new Map<string, number[]>();
  const byPath = new Map<string, number>();
  for (const r of rows) {
    byName.set(r.class_name, [...(byName.get(r.class_name) ?? []), r.id]);
    byPath.set([r.department_name, r.major_name, r.grade_name, r.class_name].join('/'), r.id);
  }
  return { byName, byPath };
}

/** Runs `work` over the items with at most `width` at a time (scrypt runs on libuv's thread pool). */
async function pooled<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** Reads and checks an uploaded file: every row with its errors (row number = the spreadsheet's). */
export async function readAccountImport(Excel: typeof ExcelJS, db: Db, schoolId: number, role: ImportRole, data: Buffer): Promise<AccountRow[]> {
  const table = await readSheet(Excel, data);
  const columns = COLUMNS[role] as Record<string, string>;
  const header = (table[0] ?? []).map((h) => h.replace(/\*$/, '').trim());
  const at = new Map<string, number>();
  header.forEach((h, i) => { if (h) at.set(h, i); });
  if (!at.size || [...at.keys()].some((h) => !(h in columns)) || REQUIRED[role].some((h) => !at.has(h))) throw invalid('file', headerMessage(role));
  const body = table.slice(1).map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c));
  if (!body.length) throw invalid('file', `文件中没有${ROLE_NAMES[role]}：请从第 2 行起每行填写一个${ROLE_NAMES[role]}`);
  if (body.length > MAX_ACCOUNT_ROWS) throw invalid('file', `一次最多导入 ${MAX_ACCOUNT_ROWS} 行，请分成几个文件`);

  const classes = await schoolClasses(db, schoolId);
  const existing = await db.selectFrom('users').select(['username', 'mobile']).where('school_id', '=', schoolId).execute();
  const takenNames = new Set(existing.map((u) => u.username.toLowerCase()));
  const takenMobiles = new Set(existing.map((u) => u.mobile).filter(Boolean));
  const namesInFile = new Map<string, number>();
  const mobilesInFile = new Map<string, number>();
  const passwords = new Map<AccountRow, string>();

  const rows = body.map(({ row, cells }) => {
    const get = (h: string) => (at.has(h) ? cells[at.get(h)!] ?? '' : '');
    const errors: string[] = [];
    const r: AccountRow = { row, username: get('账号'), realname: get('姓名'), student_no: get('学号'), mobile: get('手机号'), class_text: get(role === 'student' ? '班级' : '任教班级'), class_ids: [], initial: '', hash: '', errors };
    if (!r.username) errors.push('缺少账号');
    else if (!ACCOUNT_RULES.username.test(r.username)) errors.push(ACCOUNT_RULES.usernameMessage);
    else {
      const key = r.username.toLowerCase();
      if (namesInFile.has(key)) errors.push(`账号 ${r.username} 与第 ${namesInFile.get(key)} 行重复`);
      else namesInFile.set(key, row);
      if (takenNames.has(key)) errors.push(`账号 ${r.username} 在本校已存在`);
    }
    if (!r.realname) errors.push('缺少姓名');
    else if (r.realname.length > ACCOUNT_RULES.realnameMax) errors.push(`姓名最多 ${ACCOUNT_RULES.realnameMax} 个字`);
    if (r.student_no.length > 32) errors.push('学号最多 32 位');
    if (r.mobile) {
      if (!ACCOUNT_RULES.mobile.test(r.mobile)) errors.push(ACCOUNT_RULES.mobileMessage);
      else {
        if (mobilesInFile.has(r.mobile)) errors.push(`手机号 ${r.mobile} 与第 ${mobilesInFile.get(r.mobile)} 行重复`);
        else mobilesInFile.set(r.mobile, row);
        if (takenMobiles.has(r.mobile)) errors.push(`手机号 ${r.mobile} 在本校已被使用`);
      }
    }
    if (role === 'student') {
      const path = [get('院系'), get('专业'), get('年级')];
      if (!r.class_text) errors.push('缺少班级');
      else if (path.some(Boolean)) {
        const id = classes.byPath.get([...path, r.class_text].join('/'));
        if (id) r.class_ids = [id];
        else errors.push(`班级不存在：${[...path.filter(Boolean), r.class_text].join(' / ')}`);
      } else {
        const ids = classes.byName.get(r.class_text) ?? [];
        if (ids.length === 1) r.class_ids = ids;
        else errors.push(ids.length ? `本校有 ${ids.length} 个名为“${r.class_text}”的班级，请填写院系、专业、年级` : `班级不存在：${r.class_text}`);
      }
    } else if (r.class_text) {
      for (const name of r.class_text.split(/[、,，;；]/).map((n) => n.trim()).filter(Boolean)) {
        const ids = classes.byName.get(name) ?? [];
        if (ids.length === 1) r.class_ids.push(ids[0]);
        else errors.push(ids.length ? `本校有 ${ids.length} 个名为“${name}”的班级，请在后台逐个分配` : `班级不存在：${name}`);
      }
    }
    const given = get('密码');
    if (given) {
      const weak = accountPasswordProblem(given);
      if (weak) errors.push(weak);
      else passwords.set(r, given);
    } else {
      r.initial = initialPassword(randomInt);
      passwords.set(r, r.initial);
    }
    return r;
  });
  // Hashing is the cost of an import (docs/security.md § Initial passwords): a generated password gets its own cheap
  // hash; a password typed into the file is hashed once per distinct value, and rows sharing it share the hash.
  const ready = rows.filter((r) => !r.errors.length);
  const typed = new Map<string, Promise<string>>();
  await pooled(ready, 4, async (r) => {
    const password = passwords.get(r)!;
    if (r.initial) r.hash = await hashInitialPassword(password, true);
    else {
      if (!typed.has(password)) typed.set(password, hashInitialPassword(password));
      r.hash = await typed.get(password)!;
    }
  });
  return rows;
}
