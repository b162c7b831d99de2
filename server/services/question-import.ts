import type ExcelJS from 'exceljs';
import { invalid } from '../http/errors';
import { detectFileType, isOleFile, isZipContainer } from './file-type';
import { checkQuestion, sameQuestionKey, TYPE_NAMES, type BankQuestion } from './question-bank';
import { LETTERS } from './theory-grading';

/**
 * Question import from a spreadsheet (issue 16 item 5): the template teachers download, and reading an uploaded
 * file into rows, each with the messages of what is wrong with it. Nothing here writes: the teacher sees the preview
 * and confirms before any question is saved.
 */
export const HEADERS = ['题型', '题目', ...[...LETTERS].map((l) => `选项${l}`), '答案', '分值', '解析'];
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 2000;
/** What the workbook's parts may add up to once unpacked: a small file that unpacks to gigabytes is refused unread. */
export const MAX_UNPACKED_BYTES = 30 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  noFile: '请选择要导入的 Excel 文件（.xlsx）',
  tooBig: `文件过大：导入文件最大 ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  xls: '不支持旧版 .xls 文件：请在 Excel 中另存为 .xlsx，或使用下载的模板',
  notXlsx: '文件不是 Excel（.xlsx）文件，请使用下载的模板',
  unreadable: '无法读取该 Excel 文件，请使用下载的模板重新填写',
  headers: `表头与模板不一致：第 1 行应依次为 ${HEADERS.join('、')}`,
  empty: '文件中没有题目：请从第 2 行起每行填写一道题',
  tooMany: `一次最多导入 ${MAX_IMPORT_ROWS} 道题，请分成几个文件`,
  unpacked: '文件内容过大（解压后超过 30 MB），请分成几个文件导入',
} as const;

export interface ImportRow {
  row: number;
  type: string;
  question: string;
  answer: string;
  poins: string;
  errors: string[];
  value: BankQuestion | null;
}

const EXAMPLES: string[][] = [
  ['单选', '牙周炎最主要的致病因素是？', '牙菌斑', '牙石', '食物嵌塞', '咬合创伤', '', '', '', '', '', '', 'A', '2', '牙菌斑生物膜是牙周病的始动因子。'],
  ['多选', '下列属于牙体硬组织的有？', '牙釉质', '牙本质', '牙骨质', '牙髓', '', '', '', '', '', '', 'ABC', '3', '牙髓是软组织。'],
  ['判断', '乳牙共有 20 颗。', '', '', '', '', '', '', '', '', '', '', '正确', '1', ''],
  ['填空', '恒牙共有____颗，其中磨牙____颗。', '', '', '', '', '', '', '', '', '', '', '32 12', '2', '多个空的答案用空格分隔，同义答案用 | 分隔。'],
  ['名词解释', '龋病', '', '', '', '', '', '', '', '', '', '', '在以细菌为主的多种因素影响下，牙体硬组织发生慢性进行性破坏的一种疾病。', '5', ''],
  ['论述', '试述糖尿病与牙周炎的关系。', '', '', '', '', '', '', '', '', '', '', '两者相互影响：糖尿病加重牙周破坏，牙周感染影响血糖控制。', '10', ''],
  ['简答', '简述刷牙的正确方法。', '', '', '', '', '', '', '', '', '', '', '巴氏刷牙法：刷毛与牙面成 45°，水平短距离颤动。', '5', ''],
];

/** The downloadable template: the header row, one example row per question type, and a sheet of rules. */
export function buildTemplate(Excel: typeof ExcelJS): ExcelJS.Workbook {
  const book = new Excel.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow(HEADERS).font = { bold: true };
  for (const example of EXAMPLES) sheet.addRow(example.map((v, i) => (i === HEADERS.length - 2 ? Number(v) : v)));
  sheet.columns.forEach((column, i) => { column.width = i === 1 ? 40 : i === HEADERS.length - 1 ? 30 : i === 0 ? 10 : 14; });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const rules = book.addWorksheet('填写说明');
  for (const line of [
    ['题型', `${TYPE_NAMES.join('、')}（可省略“题”字）`],
    ['选项', '单选、多选题从选项A起连续填写，至少两个，最多到选项J；其他题型不填'],
    ['答案', '单选：一个字母；多选：字母连写（如 ABD）；判断：正确/错误；填空：各空答案用空格分隔；其他：参考答案'],
    ['分值', '正数，最多 100 分'],
    ['其他', `示例行可删除；第 1 行表头不要改动；一次最多 ${MAX_IMPORT_ROWS} 道题`],
  ]) rules.addRow(line);
  rules.getColumn(1).width = 10;
  rules.getColumn(2).width = 90;
  return book;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/**
 * The unpacked size of a zip's entries, read from its central directory (no entry is inflated); null when the
 * directory cannot be read. ZIP64 sizes (0xFFFFFFFF) count as infinite: no template-sized workbook needs them.
 */
export function unpackedSize(data: Buffer): number | null {
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === END_OF_DIRECTORY) { end = i; break; }
  }
  if (end < 0) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = data.readUInt32LE(at + 24);
    total += size === 0xffffffff ? Infinity : size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return total;
}

/** Reads an uploaded workbook into rows with their errors, or refuses the file (422, a Chinese message). */
export async function readImport(Excel: typeof ExcelJS, data: Buffer): Promise<ImportRow[]> {
  if (data.length === 0) throw invalid('file', IMPORT_MESSAGES.noFile);
  const type = await detectFileType(data);
  if (isOleFile(type?.ext)) throw invalid('file', IMPORT_MESSAGES.xls);
  if (!isZipContainer(type?.ext)) throw invalid('file', IMPORT_MESSAGES.notXlsx);
  const unpacked = unpackedSize(data);
  if (unpacked === null) throw invalid('file', IMPORT_MESSAGES.unreadable);
  if (unpacked > MAX_UNPACKED_BYTES) throw invalid('file', IMPORT_MESSAGES.unpacked);
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', IMPORT_MESSAGES.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid('file', IMPORT_MESSAGES.unreadable);
  const text = (row: ExcelJS.Row, column: number) => {
    const cell = row.getCell(column);
    const value = cell.value as unknown;
    if (value && typeof value === 'object' && 'result' in value) return String((value as { result: unknown }).result ?? '').trim();
    return (cell.text ?? '').trim();
  };
  const header = sheet.getRow(1);
  if (HEADERS.some((h, i) => text(header, i + 1) !== h)) throw invalid('file', IMPORT_MESSAGES.headers);
  if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS) throw invalid('file', IMPORT_MESSAGES.tooMany);

  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells = HEADERS.map((_, i) => text(row, i + 1));
    if (cells.every((c) => !c)) continue;
    const [type, question, ...rest] = cells;
    const options = rest.slice(0, LETTERS.length);
    const [answer, poins, analysis] = rest.slice(LETTERS.length);
    const checked = checkQuestion({ type, question, options, answer, poins, analysis });
    const errors = checked.errors.map((e) => e.message);
    if (question) {
      const key = sameQuestionKey(type, question);
      const first = seen.get(key);
      if (first !== undefined) errors.push(`与第 ${first} 行重复`);
      else seen.set(key, r);
    }
    rows.push({ row: r, type, question, answer, poins, errors, value: errors.length ? null : checked.value });
  }
  if (!rows.length) throw invalid('file', IMPORT_MESSAGES.empty);
  return rows;
}
