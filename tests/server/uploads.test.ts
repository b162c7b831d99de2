import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestServer, type TestServer } from './harness';
import { BMP, bigPng, DOCX, JPEG, multipart, PLAIN_ZIP, PNG, XLSX } from './work-files';

const TWO_MB = 2 * 1024 * 1024;

describe.each(BACKENDS)('uploads on $label', ({ database, storage }) => {
  let s: TestServer;
  let mine: string;
  let other: string;

  const upload = async (data: Buffer, filename: string, token?: string, name = 'common/upload_file', field = 'file') => {
    const form = multipart(field, filename, data);
    const res = await s.app.inject({
      method: 'POST', url: `/api/${name}`, payload: form.body,
      headers: { 'content-type': form.contentType, host: 'localhost', ...(token && { authorization: `Bearer ${token}` }) },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const fetchFile = (url: string, token?: string) =>
    s.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(token && { authorization: `Bearer ${token}` }) } });
  const storedCount = async () => Number((await s.opened.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const filesStored = async () => {
    let n = 0;
    for await (const _ of s.storage.list()) n++;
    return n;
  };

  beforeAll(async () => {
    s = await startTestServer(database, { storage });
    mine = await s.login('stu00026');
    other = await s.login('stu00027');
  });
  afterAll(async () => s?.close());

  it('needs a login', async () => {
    expect((await upload(PNG, 'a.png')).status).toBe(401);
  });

  it('stores a PNG under a generated name, records its owner and answers data.url', async () => {
    const res = await upload(PNG, '../../etc/我的作品.png', mine);
    expect(res.body).toMatchObject({ code: 200, data: { url: expect.stringMatching(/^\/files\/[0-9a-f]{32}\.png$/), name: '我的作品.png', mime: 'image/png', size: PNG.length } });
    const stored = res.body.data.url.slice('/files/'.length);
    const row = await s.opened.db.selectFrom('uploads').selectAll().where('stored_name', '=', stored).executeTakeFirstOrThrow();
    const owner = await s.opened.db.selectFrom('users').select('id').where('username', '=', 'stu00026').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: owner.id, mime: 'image/png', size: PNG.length, original_name: '我的作品.png' });
    // The bytes are in the storage (the folder, or the bucket) under the generated name, with their type.
    expect(await s.storage.head(stored)).toEqual({ size: PNG.length, contentType: 'image/png' });
  });

  it('strips direction overrides and control characters from the name it shows back (issue 14 #15)', async () => {
    // "作业\u202Egnp.exe" would display as "作业exe.png": the override must not survive.
    const res = await upload(PNG, '作业\u202Egnp.exe\u0007\u200f.png', mine);
    expect(res.body.code).toBe(200);
    expect(res.body.data.name).toBe('作业gnp.exe.png');
    const stored = res.body.data.url.slice('/files/'.length);
    const row = await s.opened.db.selectFrom('uploads').select('original_name').where('stored_name', '=', stored).executeTakeFirstOrThrow();
    expect(row.original_name).not.toMatch(/[\u202a-\u202e\u200e\u200f\u0000-\u001f]/);
  });

  it('judges a file by its content, not its name', async () => {
    const jpeg = await upload(JPEG, 'photo.png', mine);
    expect(jpeg.body.data.url).toMatch(/\.jpg$/);
    expect(jpeg.body.data.mime).toBe('image/jpeg');
    expect((await upload(PNG, 'looks-like.bmp', mine)).body.code).toBe(200);
    const before = await storedCount();
    const files = await filesStored();
    expect((await upload(BMP, 'disguised.jpg', mine)).body).toMatchObject({ code: 0, message: '上传图片不能是BMP格式!' });
    expect((await upload(Buffer.from('GIF89a....'), 'x.png', mine)).body).toMatchObject({ code: 0, message: '只能上传 jpg、jpeg、png 图片或 docx 文档！' });
    expect((await upload(PLAIN_ZIP, 'report.docx', mine)).body.code).toBe(0);
    expect(await storedCount()).toBe(before);
    expect(await filesStored()).toBe(files);
  });

  it('accepts files under 2 MB only', async () => {
    expect((await upload(bigPng(TWO_MB - 1), 'big.png', mine)).body.code).toBe(200);
    expect((await upload(bigPng(TWO_MB), 'exact.png', mine)).body).toMatchObject({ code: 0, message: '上传头像图片大小不能超过 2MB!' });
    expect((await upload(bigPng(3 * TWO_MB / 2), 'huge.png', mine)).body).toMatchObject({ code: 0, message: '上传头像图片大小不能超过 2MB!' });
    expect((await upload(Buffer.concat([DOCX, Buffer.alloc(TWO_MB)]), 'huge.docx', mine)).body).toMatchObject({ code: 0, message: '上传文件大小不能超过 2MB!' });
  });

  it('checks a .docx is a Word document by its content; the Word upload takes nothing else', async () => {
    const doc = await upload(DOCX, '病例分析报告.docx', mine, 'common/upload_word');
    expect(doc.body).toMatchObject({ code: 200, data: { url: expect.stringMatching(/\.docx$/), name: '病例分析报告.docx' } });
    expect((await upload(PNG, 'a.png', mine, 'common/upload_word')).body).toMatchObject({ code: 0, message: '只能上传 docx 格式的文档！' });
    // Renamed files: a photo, or a spreadsheet (another Office zip), called .docx.
    expect((await upload(PNG, '报告.docx', mine, 'common/upload_word')).body).toMatchObject({ code: 0, message: '只能上传 docx 格式的文档！' });
    expect((await upload(XLSX, '报告.docx', mine, 'common/upload_word')).body).toMatchObject({ code: 0, message: '只能上传 docx 格式的文档！' });
    expect((await upload(XLSX, '报告.docx', mine)).body).toMatchObject({ code: 0, message: '只能上传 jpg、jpeg、png 图片或 docx 文档！' });
    expect((await upload(DOCX, 'r.docx', mine)).body.code).toBe(200);
  });

  it('serves the same reply under the spec\'s other upload names', async () => {
    for (const name of ['common/ossUploadFile', 'common/UploadFile']) {
      expect((await upload(PNG, 'a.png', mine, name)).body.data.url).toMatch(/^\/files\//);
    }
  });

  it('refuses a request without a file field', async () => {
    expect((await upload(PNG, 'a.png', mine, 'common/upload_file', 'photo')).body).toMatchObject({ code: 0, message: '还未上传文件！' });
    const res = await s.post('common/upload_file', {}, mine);
    expect(res.body).toMatchObject({ code: 0, message: '还未上传文件！' });
  });

  it('serves a file only to its owner', async () => {
    const { body } = await upload(PNG, 'private.png', mine);
    const own = await fetchFile(body.data.url, mine);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const cookie = await s.app.inject({ method: 'GET', url: body.data.url, headers: { host: 'localhost', cookie: `token=${mine}` } });
    expect(cookie.statusCode).toBe(200);
    expect((await fetchFile(body.data.url, other)).statusCode).toBe(403);
    expect((await fetchFile(body.data.url)).statusCode).toBe(403);
    expect((await fetchFile('/files/00000000000000000000000000000000.png', mine)).statusCode).toBe(404);
    expect((await fetchFile('/files/..%2F..%2Fdemo.db', mine)).statusCode).toBe(404);
  });

  it('serves a Word file as a download under its own name, and 404 once its file is gone from the storage', async () => {
    const { body } = await upload(DOCX, '实验报告.docx', mine, 'common/upload_word');
    const res = await fetchFile(body.data.url, mine);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(DOCX)).toBe(true);
    expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('实验报告.docx')}`);
    // A browser asks for gzip: whatever the reply's encoding, the bytes and their length agree.
    const zipped = await s.app.inject({ method: 'GET', url: body.data.url, headers: { host: 'localhost', authorization: `Bearer ${mine}`, 'accept-encoding': 'gzip' } });
    const bytes = zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload) : zipped.rawPayload;
    expect(bytes.equals(DOCX)).toBe(true);
    if (zipped.headers['content-length'] !== undefined) expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    await s.storage.delete(body.data.url.slice('/files/'.length));
    const gone = await fetchFile(body.data.url, mine);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(404);
  });
});
