import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../server/db/time';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { goodRows, HEADER, row, unpacksHuge, uploadImport, workbook } from './question-files';
import { OLE_FILE } from './work-files';
import { staffPeople } from './staff-fixture';

/** The teacher's question bank: the seven types in the form, and the spreadsheet import with its preview. */
describe.each(DATABASES)('teacher console: question bank on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof staffPeople>>;

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await staffPeople(s);
  });
  afterAll(async () => s?.close());

  const save = (body: Record<string, unknown>, token = people.teacher1) => s.postJson('staff/bank/save', body, token);

  it('saves every type with the fields it needs, and says in Chinese what is wrong', async () => {
    const single = await save({ type: 1, question: '牙周炎的始动因子是？', options: ['牙菌斑', '牙石', '咬合创伤'], answer: 'a', poins: 2, analysis: '菌斑生物膜' });
    expect(single.body).toMatchObject({ code: 200, message: '保存成功' });
    const stored = (await s.get('staff/bank/question', { id: single.body.data.id }, people.teacher1)).body.data;
    expect(stored).toMatchObject({ type: 1, answer: 'A', options: ['牙菌斑', '牙石', '咬合创伤'], poins: 2, analysis: '菌斑生物膜' });
    expect((await save({ type: 2, question: '多选', options: ['a', 'b', 'c'], answer: 'CA', poins: 3 })).body.code).toBe(200);
    expect((await save({ type: 3, question: '判断', answer: '对', poins: 1 })).body.code).toBe(200);
    for (const type of [4, 5, 6, 7]) expect((await save({ type, question: `第${type}类`, answer: '参考', poins: 5 })).body.code).toBe(200);

    const refusals: [Record<string, unknown>, string][] = [
      [{ type: 1, question: '单选', options: ['a', 'b'], answer: 'K', poins: 2 }, '答案中的“K”不是 A–J 的选项字母'],
      [{ type: 1, question: '单选', options: ['a', 'b'], answer: 'C', poins: 2 }, '答案“C”没有对应的选项（已填写 A–B）'],
      [{ type: 1, question: '单选', options: ['a'], answer: 'A', poins: 2 }, '单选题至少需要两个选项（选项A、选项B）'],
      [{ type: 1, question: '单选', options: ['a', 'b'], answer: 'AB', poins: 2 }, '单选题只能有一个答案'],
      [{ type: 3, question: '判断', answer: '也许', poins: 1 }, '判断题答案应为“正确”或“错误”'],
      [{ type: 5, question: '名词', answer: '', poins: 1 }, '缺少答案'],
      [{ type: 6, question: '论述', answer: '要点', poins: 0 }, '分值必须是正数'],
    ];
    for (const [body, message] of refusals) {
      const res = await save(body);
      expect(res.status, message).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const list = (await s.get('staff/bank', { type: 1 }, people.teacher1)).body.data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ type_name: '单选题', poins: 2 });
    expect((await s.get('staff/bank', { keyword: '第6' }, people.teacher1)).body.data.data.map((q: any) => q.type_name)).toEqual(['论述题']);
  });

  it('keeps each bank to its teacher: another teacher or school gets "not found", a student 403', async () => {
    const id = (await save({ type: 7, question: '只属于 teacher1 的题', answer: '要点', poins: 5 })).body.data.id;
    for (const other of [people.teacher3, people.partner]) {
      expect((await s.get('staff/bank/question', { id }, other)).status).toBe(404);
      expect((await save({ id, type: 7, question: '改掉', answer: 'x', poins: 1 }, other)).status).toBe(404);
      expect((await s.postJson('staff/bank/delete', { id }, other)).status).toBe(404);
      expect((await s.get('staff/bank', { keyword: '只属于' }, other)).body.data.total).toBe(0);
    }
    expect((await s.get('staff/bank', {}, people.student)).status).toBe(403);
    expect((await s.postJson('staff/bank/save', { type: 7, question: 'x', answer: 'x', poins: 1 }, people.student)).status).toBe(403);
    expect((await s.get('staff/bank/question', { id }, people.teacher1)).body.data.question).toBe('只属于 teacher1 的题');
    expect((await s.postJson('staff/bank/delete', { id }, people.teacher1)).body.message).toBe('已删除');
  });

  it('serves the template: the header row and an example of every type, which itself imports cleanly', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/staff/bank/template', headers: { authorization: `Bearer ${people.teacher1}`, host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect([2, 3, 4, 5, 6, 7, 8].map((r) => sheet.getRow(r).getCell(1).text)).toEqual(['单选', '多选', '判断', '填空', '名词解释', '论述', '简答']);
    const preview = (await uploadImport(s, people.teacher1, res.rawPayload)).body.data;
    expect(preview).toMatchObject({ rows: 7, errors: 0 });
  });

  it('previews a bad file row by row, saves nothing, and refuses to confirm it', async () => {
    const before = (await s.get('staff/bank', {}, people.teacher1)).body.data.total;
    const file = await workbook([
      row('单选', '好的一题', ['甲', '乙'], 'A', 2),
      row('问答', '未知题型的一题', [], '答案', 2),
      row('论述', '缺答案的一题', [], '', 5),
      row('单选', '字母越界的一题', ['甲', '乙', '丙'], 'Z', 2),
      row('判断', '分值不对的一题', [], '正确', -1),
      row('单选', '好的一题', ['甲', '乙'], 'B', 2),
      [],
      row('多选', '空行之后仍读', ['甲', '乙', '丙'], 'AB', '3'),
    ]);
    const res = await uploadImport(s, people.teacher1, file);
    expect(res.body).toMatchObject({ code: 200, data: { rows: 7, errors: 5, ready: 2 } });
    const rows = (await s.get('staff/bank/import/rows', { id: res.body.data.id, page_size: 50 }, people.teacher1)).body.data;
    const errors = Object.fromEntries(rows.data.filter((r: any) => r.state === 'error').map((r: any) => [r.row, r.errors]));
    expect(errors).toEqual({
      3: '未知题型“问答”（应为 单选、多选、判断、填空、名词解释、论述、简答）',
      4: '缺少答案',
      5: '答案中的“Z”不是 A–J 的选项字母',
      6: '分值必须是正数',
      7: '与第 2 行重复',
    });
    expect(rows.data.slice(0, 5).every((r: any) => r.state === 'error')).toBe(true);
    expect(rows.data.find((r: any) => r.row === 9)).toMatchObject({ state: 'ok' });
    const confirm = await s.postJson('staff/bank/import/confirm', { id: res.body.data.id }, people.teacher1);
    expect(confirm.status).toBe(422);
    expect(confirm.body.message).toBe('还有 5 行有错误（第一处在第 3 行），请修改文件后重新上传');
    expect((await s.get('staff/bank', {}, people.teacher1)).body.data.total).toBe(before);
    // Another teacher cannot read or confirm the preview.
    expect((await s.get('staff/bank/import/rows', { id: res.body.data.id }, people.teacher3)).status).toBe(404);
  });

  it('refuses files that are not a usable spreadsheet with a Chinese message, never a 500', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('题型,题目\n单选,x\n'), '题库.csv', '文件不是 Excel（.xlsx）文件，请使用下载的模板'],
      [OLE_FILE, '题库.xls', '不支持旧版 .xls 文件：请在 Excel 中另存为 .xlsx，或使用下载的模板'],
      [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 1)]), '坏的.xlsx', '无法读取该 Excel 文件，请使用下载的模板重新填写'],
      [await workbook([row('单选', 'x', ['a', 'b'], 'A', 1)], ['类型', '内容']), '表头.xlsx', '表头与模板不一致'],
      [await workbook([]), '空.xlsx', '文件中没有题目：请从第 2 行起每行填写一道题'],
      [await workbook(goodRows(2001)), '太多.xlsx', '一次最多导入 2000 道题，请分成几个文件'],
      [Buffer.alloc(6 * 1024 * 1024, 0x50), '太大.xlsx', '文件过大：导入文件最大 5 MB'],
      [Buffer.alloc(0), '空文件.xlsx', '请选择要导入的 Excel 文件（.xlsx）'],
      [unpacksHuge(), '炸弹.xlsx', '文件内容过大（解压后超过 30 MB），请分成几个文件导入'],
    ];
    for (const [data, name, message] of cases) {
      const res = await uploadImport(s, people.teacher1, data, name);
      expect(res.status, name).toBe(422);
      expect(res.body.message, name).toContain(message);
    }
    expect((await uploadImport(s, people.student, await workbook(goodRows(1)))).status).toBe(403);
  });

  it('a preview expires 24 hours after upload: neither shown nor confirmed', async () => {
    const before = (await s.get('staff/bank', {}, people.teacher1)).body.data.total;
    const preview = (await uploadImport(s, people.teacher1, await workbook(goodRows(2, 'X')))).body.data;
    expect((await s.get('staff/bank/import/rows', { id: preview.id }, people.teacher1)).status).toBe(200);
    await s.opened.db.updateTable('question_imports').set({ created_at: formatTimestamp(new Date(Date.now() - 25 * 3600_000)) }).where('id', '=', preview.id).execute();
    for (const res of [await s.get('staff/bank/import/rows', { id: preview.id }, people.teacher1), await s.postJson('staff/bank/import/confirm', { id: preview.id }, people.teacher1)]) {
      expect(res).toMatchObject({ status: 404, body: { message: '导入记录不存在或已过期，请重新上传' } });
    }
    expect((await s.get('staff/bank', {}, people.teacher1)).body.data.total).toBe(before);
  });

  it('imports 500 questions in one transaction after the preview, once', async () => {
    const before = (await s.get('staff/bank', {}, people.teacher1)).body.data.total;
    const file = await workbook(goodRows(500, 'B'));
    const started = Date.now();
    const preview = (await uploadImport(s, people.teacher1, file)).body.data;
    const previewed = Date.now();
    expect(preview).toMatchObject({ rows: 500, errors: 0 });
    expect((await s.get('staff/bank', {}, people.teacher1)).body.data.total).toBe(before);
    const confirm = await s.postJson('staff/bank/import/confirm', { id: preview.id }, people.teacher1);
    expect(confirm.body).toMatchObject({ code: 200, message: '已导入 500 道题' });
    console.log(`import of 500 questions (${kind}): preview ${previewed - started} ms, confirm ${Date.now() - previewed} ms`);
    expect((await s.get('staff/bank', {}, people.teacher1)).body.data.total).toBe(before + 500);
    expect((await s.get('staff/bank', { type: 2, keyword: 'B2：' }, people.teacher1)).body.data.data[0]).toMatchObject({ answer: 'A C E', options: 5 });
    // The preview is used up: a second confirm saves nothing.
    expect((await s.postJson('staff/bank/import/confirm', { id: preview.id }, people.teacher1)).status).toBe(404);
    expect((await s.get('staff/bank', {}, people.teacher1)).body.data.total).toBe(before + 500);
  });
});
