import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { TestServer } from './harness';
import { multipart } from './work-files';

/** Spreadsheets the question-import suites upload, built here as a teacher's Excel would write them. */
export const HEADER = ['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '选项I', '选项J', '答案', '分值', '解析'];

/** A row: type, question, options (A.. in order), answer, points, analysis. */
export const row = (type: string, question: string, options: string[], answer: string, poins: string | number, analysis = '') =>
  [type, question, ...Array.from({ length: 10 }, (_, i) => options[i] ?? ''), answer, poins, analysis];

export async function workbook(rows: (string | number)[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('题目');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** n good questions of every type in turn, each text unique (`tag` keeps files apart). */
export function goodRows(n: number, tag = 'Q'): (string | number)[][] {
  const kinds: [string, string[], string][] = [
    ['单选', ['甲', '乙', '丙', '丁'], 'B'], ['多选', ['甲', '乙', '丙', '丁', '戊'], 'ACE'], ['判断', [], '正确'], ['填空', [], '32 12'],
    ['名词解释', [], '参考答案'], ['论述', [], '参考答案'], ['简答', [], '参考答案'],
  ];
  return Array.from({ length: n }, (_, i) => {
    const [type, options, answer] = kinds[i % kinds.length];
    return row(type, `${tag}${i + 1}：${type}题目内容`, options, answer, 2);
  });
}

export async function uploadImport(s: TestServer, token: string, data: Buffer, filename = '题库.xlsx') {
  const form = multipart('file', filename, data);
  const res = await s.app.inject({ method: 'POST', url: '/api/staff/bank/import', payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${token}`, host: 'localhost' } });
  return { status: res.statusCode, body: res.json() };
}

/** A small zip (an .xlsx is one) whose only part unpacks to 40 MB: refused before anything is inflated. */
export function unpacksHuge(): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const size = 40 * 1024 * 1024;
  const packed = deflateRawSync(Buffer.alloc(size, 0x20));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18); local.writeUInt32LE(size, 22); local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20); central.writeUInt32LE(size, 24); central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(1, 8); end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12); end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, packed, central, name, end]);
}
