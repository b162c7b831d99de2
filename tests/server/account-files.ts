import ExcelJS from 'exceljs';
import type { TestServer } from './harness';
import { multipart } from './work-files';

/** Spreadsheets the account-import suites upload, built as an administrator's Excel would write them. */
export const STUDENT_HEADER = ['账号', '姓名', '学号', '手机号', '院系', '专业', '年级', '班级', '密码'];

export async function accountBook(rows: (string | number)[][], header = STUDENT_HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** n good student rows in `className`, usernames `<tag>0001`.., mobiles 1<prefix>…, no password (generated). */
export function goodStudents(n: number, className: string, tag = 'imp', prefix = '66'): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(4, '0');
    return [`${tag}${k}`, `学生${k}`, `2026${k}`, `1${prefix}${String(i + 1).padStart(8, '0')}`, '', '', '', className, ''];
  });
}

export async function uploadAccounts(s: TestServer, token: string, data: Buffer, role: 'students' | 'teachers' = 'students', filename = '学生.xlsx') {
  const form = multipart('file', filename, data);
  const res = await s.app.inject({ method: 'POST', url: `/api/admin/${role}/import`, payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${token}`, host: 'localhost' } });
  return { status: res.statusCode, body: res.json() };
}
