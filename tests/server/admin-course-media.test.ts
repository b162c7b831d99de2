import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPeople } from './admin-fixture';
import { DATABASES, startTestServer, type TestServer } from './harness';
import { DOCX, multipart, PNG } from './work-files';

/**
 * A course's gallery (images, videos) and downloadable resources uploaded in the admin console: judged by content,
 * stored under generated names through the storage layer, appended to the course, served to whoever sees the course.
 */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const mp4 = (bytes: number) => Buffer.concat([MP4_HEAD, Buffer.alloc(bytes - MP4_HEAD.length, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);

describe.each(DATABASES)('admin console: course gallery and resources on %s', (kind) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  let course: number;
  const db = () => s.opened.db;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.code, res.body.message).toBe(200);
    return res.body.data;
  };
  const send = async (data: Buffer, filename: string, kindOf: string, token = people.adminA, id = course) => {
    const form = multipart('file', filename, data);
    const res = await s.app.inject({ method: 'POST', url: `/api/admin/course/media?id=${id}&kind=${kindOf}`, payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json() };
  };
  const open = (url: string, token: string) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    s = await startTestServer(kind);
    people = await adminPeople(s);
    const type = (await db().selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    course = ok(await s.postJson('admin/course/save', { name: '图集测试课程', category_id: type, state: 1, url: '/sim/1' }, people.adminA)).id;
  });
  afterAll(async () => s?.close());

  it('adds images, videos and resources judged by content; students who see the course open them', async () => {
    const image = ok(await send(PNG, '口腔模型.txt', 'gallery'));
    expect(image).toMatchObject({ type: 'image', title: '口腔模型', path: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.png$/) });
    // A video over the ordinary 2 MB upload limit is accepted up to the gallery's own.
    const video = ok(await send(mp4(3 * 1024 * 1024), '操作演示.mp4', 'gallery'));
    expect(video).toMatchObject({ type: 'video', path: expect.stringMatching(/\.mp4$/) });
    const manual = ok(await send(PDF, '操作手册.pdf', 'resource'));
    const template = ok(await send(DOCX, '实验报告模板.docx', 'resource'));
    expect(template.path).toMatch(/\.docx$/);

    const saved = ok(await s.get('admin/course', { id: course }, people.adminA));
    expect(saved.files.map((f: any) => [f.type, f.path])).toEqual([['image', image.path], ['video', video.path]]);
    expect(saved.resources.map((r: any) => r.path)).toEqual([manual.path, template.path]);
    const stored = await db().selectFrom('uploads').select(['original_name', 'purpose', 'mime']).where('stored_name', '=', manual.path.slice('/files/'.length)).executeTakeFirstOrThrow();
    expect(stored).toEqual({ original_name: '操作手册.pdf', purpose: 'course', mime: 'application/pdf' });

    const student = await s.login('demo');
    const detail = ok(await s.post('learn/detail', { learn_id: course }, student));
    expect(JSON.stringify(detail)).toContain(video.path);
    const shown = await open(video.path, student);
    expect([shown.statusCode, shown.headers['content-type'], shown.rawPayload.length]).toEqual([200, 'video/mp4', 3 * 1024 * 1024]);
    const pdf = await open(manual.path, student);
    expect(pdf.statusCode).toBe(200);
    expect(String(pdf.headers['content-disposition'])).toContain('attachment');
    // Nobody outside the course's school sees them.
    expect((await open(video.path, people.adminB)).statusCode).toBe(403);
    expect((await open(manual.path, people.adminB)).statusCode).toBe(403);
  });

  it('refuses what the content is not, whatever the name says, and stores nothing', async () => {
    const before = Number((await db().selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect((await send(EXE, '演示.mp4', 'gallery')).body).toMatchObject({ code: 422, message: '请上传 PNG、JPEG 图片或 MP4、WebM 视频' });
    expect((await send(PDF, '图.png', 'gallery')).body.message).toBe('请上传 PNG、JPEG 图片或 MP4、WebM 视频');
    expect((await send(PNG, '手册.pdf', 'resource')).body).toMatchObject({ code: 422, message: '下载资源须是 PDF、Word（docx）、Excel（xlsx）、PowerPoint（pptx）或 ZIP 文件' });
    expect((await send(EXE, '手册.zip', 'resource')).status).toBe(422);
    expect((await send(PNG, 'a.png', 'other')).status).toBe(422);
    expect(Number((await db().selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  it('keeps uploads inside the school: another school\'s administrator gets 404, other roles 403', async () => {
    expect((await send(PNG, 'x.png', 'gallery', people.adminB)).status).toBe(404);
    expect((await send(PNG, 'x.png', 'gallery', people.teacher)).status).toBe(403);
    expect((await send(PNG, 'x.png', 'gallery', people.student)).status).toBe(403);
    const files = await db().selectFrom('learn_files').select('id').where('learn_id', '=', course).execute();
    expect(files).toHaveLength(2);
  });
});
