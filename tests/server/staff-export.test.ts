import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromNow } from '../../server/db/time';
import { BACKENDS, startTestServer, type TestServer } from './harness';
import { staffPeople } from './staff-fixture';
import { JPEG, PNG } from './work-files';

/** Reads every entry of a zip into memory: name → bytes. */
async function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  const out = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.set(entry.fileName, Buffer.concat(chunks));
  }
  return out;
}

/** Cells of a worksheet as plain values, row by row (header first). */
function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Bulk download (zip) and score export (xlsx) of the teacher console, and who may reach them. */
describe.each(BACKENDS)('teacher console: zip download and score export on $label', ({ database, storage }) => {
  let s: TestServer;
  let teacher1: string;
  let teacher3: string; // same school, does not teach the demo class
  let partner: string; // teacher1 of school 100045
  let student: string;
  let studentId: number;
  let studentNo: string;
  let realname: string;
  let demoClass: number;
  let className: string;
  let otherClass: number;
  let assignmentId: number;
  let photoJpg: string;
  let photoPng: string;
  let unnamed: string;

  const db = () => s.opened.db;
  const upload = (token: string, filename: string, data: Buffer) => s.upload(token, filename, data);
  const download = (name: string, query: Record<string, string | number>, auth: { bearer?: string; cookie?: string } = {}) =>
    s.app.inject({
      method: 'GET', url: `/api/${name}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: { host: 'localhost', ...(auth.bearer && { authorization: `Bearer ${auth.bearer}` }), ...(auth.cookie && { cookie: `token=${auth.cookie}` }) },
    });

  beforeAll(async () => {
    s = await startTestServer(database, { storage });
    let classmate;
    ({ teacher1, teacher3, partner, student, demoClass, otherClass, classmate } = await staffPeople(s));
    className = (await db().selectFrom('classes').select('class_name').where('id', '=', demoClass).executeTakeFirstOrThrow()).class_name;
    studentId = classmate.id;
    studentNo = classmate.student_no ?? '';
    realname = classmate.realname ?? '';
    // A photo homework for the demo class; the student hands in three real files.
    const saved = await s.postJson('staff/assignment/save', {
      kind: 'homework', title: '卡环弯制/拍照:作业', classify: 2, cate_id: 2, content: '拍照上传', start_time: fromNow(-7200).slice(0, 16),
      end_time: fromNow(86400).slice(0, 16), class_ids: [demoClass],
    }, teacher1);
    assignmentId = saved.body.data.id;
    photoJpg = await upload(student, '颊侧.jpg', JPEG);
    photoPng = await upload(student, '舌侧.png', PNG);
    unnamed = await upload(student, '', JPEG);
    const submitted = await s.post('assign/insertmark', { assignment_id: assignmentId, student_answer: JSON.stringify([photoJpg, photoPng, unnamed]) }, student);
    expect(submitted.body.code).toBe(200);
    const markId = (await db().selectFrom('marks').select('id').where('assignment_id', '=', assignmentId).where('user_id', '=', studentId).executeTakeFirstOrThrow()).id;
    expect((await s.postJson('staff/grade', { id: markId, score: 86, comment: '=弧度准确' }, teacher1)).body.code).toBe(200);

    // Three classmates more, written straight into the table: 55 (late), 95, and one not yet graded.
    const others = await db().selectFrom('users').select('id').where('class_id', '=', demoClass).where('role', '=', 'student').where('id', '!=', studentId)
      .orderBy('id').limit(3).execute();
    const at = fromNow(-3600);
    const late = fromNow(90000);
    await db().insertInto('marks').values([
      { assignment_id: assignmentId, user_id: others[0].id, student_answer: JSON.stringify(['/assets/seed/gallery/gallery-1-1.svg']), annex: '[]', created_at: late, updated_at: late, score: 55, teacher_data: '{"score":55}', teacher_comment: '再练习' },
      { assignment_id: assignmentId, user_id: others[1].id, student_answer: JSON.stringify([photoJpg]), annex: '[]', created_at: at, updated_at: at, score: 95, teacher_data: '{"score":95}', teacher_comment: '' },
      { assignment_id: assignmentId, user_id: others[2].id, student_answer: '[]', annex: '[]', created_at: at, updated_at: at, score: null, teacher_data: null, teacher_comment: '' },
    ]).execute();
  });
  afterAll(async () => s?.close());

  it('streams every submission of the assignment as a zip, a folder per student', async () => {
    const res = await download('staff/assignment/zip', { id: assignmentId }, { bearer: teacher1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBeUndefined(); // streamed as it is built
    expect(res.headers['content-disposition']).toBe(`attachment; filename="assignment-${assignmentId}.zip"; filename*=UTF-8''${encodeURIComponent('卡环弯制拍照作业-学生作品.zip')}`);
    const entries = await unzip(res.rawPayload);
    const folder = `卡环弯制拍照作业/${className}/${studentNo}-${realname}`;
    expect(entries.get(`${folder}/颊侧.jpg`)).toEqual(JPEG);
    expect(entries.get(`${folder}/舌侧.png`)).toEqual(PNG);
    expect(entries.get(`${folder}/作品1.jpg`)).toEqual(JPEG);
    expect(entries.has('卡环弯制拍照作业/说明.txt')).toBe(true);
    // A URL naming another student's upload is not put in that student's folder.
    const photos = [...entries.keys()].filter((n) => n.endsWith('.jpg') || n.endsWith('.png'));
    expect(photos).toHaveLength(3);
    // Said up front, for the page's progress: the files packed and their size (the zip adds its headers and lists).
    expect(res.headers['x-total-files']).toBe('3');
    const photoBytes = photos.reduce((sum, n) => sum + entries.get(n)!.length, 0);
    expect(res.headers['x-total-bytes']).toBe(String(photoBytes));
    expect(res.rawPayload.length).toBeGreaterThan(photoBytes);

    const csv = entries.get('卡环弯制拍照作业/名单.csv')!.toString('utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    expect(csv[0]).toBe('班级,学号,姓名,状态,提交时间,是否迟交,分数,文件数,说明');
    const students = await db().selectFrom('users').select('id').where('class_id', '=', demoClass).where('role', '=', 'student').execute();
    expect(csv).toHaveLength(students.length + 1);
    const mine = csv.find((l) => l.includes(`${studentNo},${realname}`))!;
    expect(mine).toMatch(/,已批阅,\d{4}-\d\d-\d\d \d\d:\d\d,否,86,3,$/);
    expect(csv.some((l) => /,已批阅,.*,迟交,55,0,1 个示例文件未包含/.test(l))).toBe(true);
    expect(csv.some((l) => /,已批阅,.*,否,95,0,1 个文件不是该学生本人上传的，未包含$/.test(l))).toBe(true);
    expect(csv.filter((l) => l.includes(',未提交,')).length).toBe(students.length - 4);
  });

  it('works with the token cookie alone, as a browser download does', async () => {
    const res = await download('staff/assignment/zip', { id: assignmentId }, { cookie: teacher1 });
    expect(res.statusCode).toBe(200);
    expect((await unzip(res.rawPayload)).size).toBeGreaterThan(3);
    const xlsx = await download('staff/assignment/export', { id: assignmentId }, { cookie: teacher1 });
    expect(xlsx.statusCode).toBe(200);
  });

  it('skips seed pictures with a line in the listing', async () => {
    const res = await download('staff/assignment/zip', { id: 2 }, { bearer: teacher1 });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const listing = [...entries.entries()].find(([n]) => n.endsWith('/名单.csv'))![1].toString('utf8');
    expect(listing).toMatch(/,待批阅,.*,0,\d 个示例文件未包含（不是上传到平台的文件）\r\n/);
    expect([...entries.keys()].filter((n) => n.endsWith('.svg'))).toEqual([]);
  });

  it('exports the scores as xlsx with a 成绩 sheet and a 统计 sheet', async () => {
    const res = await download('staff/assignment/export', { id: assignmentId }, { bearer: teacher1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('卡环弯制拍照作业-成绩.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const scores = sheetRows(book.getWorksheet('成绩')!);
    expect(scores[0]).toEqual(['班级', '学号', '姓名', '提交时间', '是否迟交', '分数', '评语']);
    const students = await db().selectFrom('users').select('id').where('class_id', '=', demoClass).where('role', '=', 'student').execute();
    expect(scores).toHaveLength(students.length + 1);
    const mine = scores.find((r) => r[1] === studentNo)!;
    expect(mine[0]).toBe(className);
    expect(mine[2]).toBe(realname);
    expect(mine[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(mine.slice(4)).toEqual(['否', 86, '=弧度准确']); // text, not a formula
    expect(scores.filter((r) => r[3] === '未提交')).toHaveLength(students.length - 4);
    expect(scores.filter((r) => r[4] === '是')).toHaveLength(1);
    expect(book.getWorksheet('成绩')!.getColumn(7).width).toBeGreaterThan(30);

    const stats = new Map(sheetRows(book.getWorksheet('统计')!).map((r) => [r[0], r[1]]));
    expect(stats.get('应交人数')).toBe(students.length);
    expect(stats.get('已提交')).toBe(4);
    expect(stats.get('已批阅')).toBe(3);
    expect(stats.get('迟交')).toBe(1);
    expect(stats.get('平均分')).toBe(78.67);
    expect(stats.get('及格率（≥60）')).toBeCloseTo(2 / 3);
    expect(stats.get('优秀率（≥90）')).toBeCloseTo(1 / 3);
    expect(stats.get('50–59')).toBe(1);
    expect(stats.get('80–89')).toBe(1);
    expect(stats.get('90–100')).toBe(1);
    expect(stats.get('0–9')).toBe(0);
  });

  it('exports one class with class_id, and refuses a class the teacher does not teach', async () => {
    const one = await download('staff/assignment/export', { id: assignmentId, class_id: demoClass }, { bearer: teacher1 });
    expect(one.statusCode).toBe(200);
    expect((await download('staff/assignment/export', { id: assignmentId, class_id: otherClass }, { bearer: teacher1 })).statusCode).toBe(404);
  });

  it('keeps other schools, other classes, students and visitors out (IDOR)', async () => {
    for (const name of ['staff/assignment/zip', 'staff/assignment/export']) {
      for (const outsider of [partner, teacher3]) {
        const res = await download(name, { id: assignmentId }, { bearer: outsider });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(404);
        expect((await download(name, { id: assignmentId }, { cookie: outsider })).statusCode).toBe(404);
      }
      const asStudent = await download(name, { id: assignmentId }, { bearer: student });
      expect(asStudent.statusCode).toBe(403);
      expect(asStudent.json().message).toBe('仅教师账号可使用该功能');
      expect((await download(name, { id: assignmentId }, { cookie: student })).statusCode).toBe(403);
      expect((await download(name, { id: assignmentId })).statusCode).toBe(401);
      expect((await download(name, { id: assignmentId }, { cookie: 'not-a-token' })).statusCode).toBe(401);
      expect((await download(name, { id: 'x' }, { bearer: teacher1 })).statusCode).toBe(422);
    }
  });

  it('serves a handed-in photo to the teacher who teaches the class, and to no other teacher', async () => {
    const open = (token: string) => s.app.inject({ method: 'GET', url: photoPng, headers: { host: 'localhost', authorization: `Bearer ${token}` } });
    const seen = await open(teacher1);
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(PNG)).toBe(true);
    for (const outsider of [teacher3, partner]) {
      const res = await open(outsider);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('无权查看该文件');
    }
  });

  it('lists a file gone from the storage as missing instead of failing the zip', async () => {
    await s.storage.delete(unnamed.slice('/files/'.length));
    const res = await download('staff/assignment/zip', { id: assignmentId }, { bearer: teacher1 });
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].some((n) => n.endsWith('/作品1.jpg'))).toBe(false);
    expect([...entries.values()].some((b) => b.equals(PNG))).toBe(true);
    const listing = [...entries.entries()].find(([n]) => n.endsWith('/名单.csv'))![1].toString('utf8');
    expect(listing).toMatch(/,2,文件缺失：file\.jpg/);
  });
});
