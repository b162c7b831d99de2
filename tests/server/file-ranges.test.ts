import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPeople } from './admin-fixture';
import { BACKENDS, startTestServer, type TestServer } from './harness';
import { multipart, PNG } from './work-files';

/**
 * Course videos are played from /files/ with seeking: `Range: bytes=…` answers 206 with exactly those bytes, a range
 * past the end 416, on local disk and on an S3-compatible store — and a ranged request is checked like any other.
 */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const SIZE = 300_000;
// Every byte tells where it is (i mod 251), so a wrong offset cannot pass for the right one.
const VIDEO = Buffer.concat([MP4_HEAD, Buffer.from(Array.from({ length: SIZE - MP4_HEAD.length }, (_, i) => (i + MP4_HEAD.length) % 251))]);

describe.each(BACKENDS)('video seeking on /files/ on $label', ({ database, storage }) => {
  let s: TestServer;
  let people: Awaited<ReturnType<typeof adminPeople>>;
  let video: string;
  const open = (url: string, token: string | null, range?: string) =>
    s.app.inject({ method: 'GET', url, headers: { ...(token && { authorization: `Bearer ${token}` }), ...(range && { range }) } });

  beforeAll(async () => {
    s = await startTestServer(database, { storage });
    people = await adminPeople(s);
    const db = s.opened.db;
    const type = (await db.selectFrom('learn_categories').select('id').where('school_id', 'is', null).where('parent_id', '!=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const saved = await s.postJson('admin/course/save', { name: '拖动进度课程', category_id: type, state: 1, url: '/sim/1' }, people.adminA);
    const form = multipart('file', '操作演示.mp4', VIDEO);
    const res = await s.app.inject({ method: 'POST', url: `/api/admin/course/media?id=${saved.body.data.id}&kind=gallery`, payload: form.body, headers: { 'content-type': form.contentType, authorization: `Bearer ${people.adminA}` } });
    video = res.json().data.path;
    expect(video).toMatch(/^\/files\/[0-9a-f]{32}\.mp4$/);
  });
  afterAll(async () => s?.close());

  it('a seek into the video answers 206 with exactly the bytes asked for', async () => {
    const part = await open(video, people.student, 'bytes=123456-124455');
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 123456-124455/${SIZE}`, 'content-length': '1000', 'accept-ranges': 'bytes', 'content-type': 'video/mp4' });
    expect(part.rawPayload.equals(VIDEO.subarray(123456, 124456))).toBe(true);

    const tail = await open(video, people.student, 'bytes=-700');
    expect([tail.statusCode, tail.headers['content-range']]).toEqual([206, `bytes ${SIZE - 700}-${SIZE - 1}/${SIZE}`]);
    expect(tail.rawPayload.equals(VIDEO.subarray(SIZE - 700))).toBe(true);
    // An open end, and an end past the file, both stop at the last byte.
    const rest = await open(video, people.student, `bytes=${SIZE - 10}-`);
    expect(rest.rawPayload.equals(VIDEO.subarray(SIZE - 10))).toBe(true);
    const past = await open(video, people.student, `bytes=0-${SIZE * 2}`);
    expect([past.statusCode, past.headers['content-range'], past.rawPayload.length]).toEqual([206, `bytes 0-${SIZE - 1}/${SIZE}`, SIZE]);
  });

  it('says it takes ranges on a whole-file answer; a range past the end is 416, an unreadable one gets the whole file', async () => {
    const whole = await open(video, people.student);
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.rawPayload.equals(VIDEO)]).toEqual([200, 'bytes', true]);
    const beyond = await open(video, people.student, `bytes=${SIZE}-`);
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${SIZE}`]);
    expect(beyond.json()).toMatchObject({ code: 416, message: '请求的文件范围无效' });
    for (const odd of ['bytes=abc', 'items=0-10', 'bytes=0-10,20-30', 'bytes=50-10']) {
      const res = await open(video, people.student, odd);
      expect([odd, res.statusCode, res.rawPayload.length]).toEqual([odd, 200, SIZE]);
    }
  });

  it('a ranged request is refused like any other to whoever may not see the file (IDOR)', async () => {
    for (const token of [people.adminB, null]) {
      const res = await open(video, token, 'bytes=0-99');
      expect(res.statusCode).toBe(403);
      expect(res.rawPayload.includes(MP4_HEAD)).toBe(false);
    }
    // A student's own upload, asked for in part by another student.
    const own = await s.upload(people.student, 'me.png', PNG);
    const other = await s.login('stu00037');
    expect((await open(own, other, 'bytes=0-9')).statusCode).toBe(403);
    expect((await open(own, people.student, 'bytes=0-9')).rawPayload.equals(PNG.subarray(0, 10))).toBe(true);
    // Unknown files are 404 whatever the range.
    expect((await open(`/files/${'0'.repeat(32)}.mp4`, people.student, `bytes=${SIZE}-`)).statusCode).toBe(404);
  });
});
