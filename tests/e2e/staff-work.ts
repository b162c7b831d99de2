import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import Database from 'better-sqlite3';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { PNG } from '../server/work-files';
import { baseURL, dataDir } from './browser';

/** Grading work set up through the API, for browser tests about what the teacher sees afterwards. */

export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir(), 'app.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export async function signIn(call: 'teacher/login' | 'user/login', username: string, password: string): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/${call}`, { method: 'POST', body: new URLSearchParams({ username, password, school_id: '100002' }) }).then((r) => r.json());
  if (!reply.data?.token) throw new Error(`${call} of ${username} failed: ${JSON.stringify(reply)}`);
  return reply.data.token;
}

/** A JSON call, or a form post (`form`) where the contract says the body is a form. */
export async function apiCall<T = Record<string, unknown>>(name: string, body: Record<string, unknown>, token: string, form = false): Promise<T> {
  const reply = await fetch(`${baseURL()}/api/${name}`, {
    method: 'POST',
    body: form ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])) : JSON.stringify(body),
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', authorization: `Bearer ${token}` },
  }).then((r) => r.json());
  if (reply.code !== 200) throw new Error(`${name}: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** teacher1 publishes a photo homework open now for the class of `students[0]`; each student hands in one photo. */
export async function homeworkHandedIn(title: string, students: string[], photo: Buffer = PNG): Promise<number> {
  const teacher = await signIn('teacher/login', 'teacher1', 'teacher123');
  const [klass] = query<{ class_id: number }>('select class_id from users where username = ? and school_id = 100002', students[0]);
  const { id } = await apiCall<{ id: number }>('staff/assignment/save', {
    kind: 'homework', title, classify: 2, class_ids: [klass.class_id],
    start_time: dayjs().subtract(1, 'hour').format('YYYY-MM-DD HH:mm'), end_time: dayjs().add(2, 'day').format('YYYY-MM-DD HH:mm'),
  }, teacher);
  for (const username of students) {
    const token = await signIn('user/login', username, 'demo123');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)]), `${username}.png`);
    const uploaded = await fetch(`${baseURL()}/api/common/upload_file`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    await apiCall('assign/insertmark', { assignment_id: id, student_answer: JSON.stringify([uploaded.data.url]) }, token, true);
  }
  return id;
}

/** A staff page signed in as teacher1 (the token cookie, as after the teacher login). */
export async function teacherPage(browser: Browser, route: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const token = await signIn('teacher/login', 'teacher1', 'teacher123');
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  await context.addCookies([{ name: 'token', value: token, url: baseURL() }]);
  const page = await context.newPage();
  await page.goto(`${baseURL()}/#${route}`);
  return page;
}

/** Two or more students (usernames) of the first class teacher1 teaches that has that many. */
export function classmates(count: number): string[] {
  return query<{ username: string }>(
    `select u.username from users u where u.role = 'student' and u.school_id = 100002 and u.class_id = (
       select tc.class_id from teacher_classes tc join users s on s.class_id = tc.class_id and s.role = 'student'
       where tc.teacher_id = (select id from users where username = 'teacher1' and school_id = 100002)
       group by tc.class_id having count(*) >= ? order by tc.class_id limit 1)
     order by u.username limit ?`, count, count,
  ).map((s) => s.username);
}

/** A real PNG of that size (one colour, a lighter frame), e.g. a landscape photo of a model. */
export function photoPng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 20 || y < 20 || x >= width - 20 || y >= height - 20;
      rows.set(edge ? [230, 200, 160] : [120, 90, 60], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
