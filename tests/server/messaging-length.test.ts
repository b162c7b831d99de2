// The longest message is one setting (app.yaml limits.messageLength, per school if patched): the server refuses
// what the chat's input box would not let through, and /api/config gives the box the same number.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DIR, DATABASES, startTestServer, type TestServer } from './harness';

describe.each(DATABASES)('limits.messageLength on %s', (kind) => {
  let s: TestServer;
  let configRoot: string;
  let student: string;
  let teacher: string;
  let teacherId: number;
  let studentId: number;

  beforeAll(async () => {
    configRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-msglen-'));
    const configDir = path.join(configRoot, 'config');
    fs.cpSync(CONFIG_DIR, configDir, { recursive: true });
    const school = path.join(configDir, 'schools', '100002.yaml');
    fs.appendFileSync(school, 'app:\n  limits:\n    messageLength: 20\n');
    s = await startTestServer(kind, { configDir });
    student = await s.login('stu00031');
    teacher = await s.teacherLogin('teacher1', 100002);
    const db = s.opened.db;
    teacherId = (await db.selectFrom('users').select('id').where('username', '=', 'teacher1').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
    studentId = (await db.selectFrom('users').select('id').where('username', '=', 'stu00031').where('school_id', '=', 100002).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(configRoot, { recursive: true, force: true });
  });

  it("gives the chat's input box the school's limit", async () => {
    const config = await s.get('config', { school_id: 100002 });
    expect(config.body.data.app.limits.messageLength).toBe(20);
  });

  it("refuses a student's question over the school's limit and accepts one at it", async () => {
    const over = await s.post('answer/addmessage', { teacher_id: teacherId, message: '长'.repeat(21) }, student);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('消息内容不能超过20个字');
    expect((await s.post('answer/addmessage', { teacher_id: teacherId, message: '长'.repeat(20) }, student)).body.code).toBe(200);
  });

  it("holds a teacher's reply and notification to the same limit", async () => {
    const reply = await s.post('teacher/reply', { student_id: studentId, message: '答'.repeat(21) }, teacher);
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe('消息内容不能超过20个字');
    const notice = await s.post('teacher/notify', { student_id: studentId, content: '通'.repeat(21) }, teacher);
    expect(notice.status).toBe(422);
    expect(notice.body.message).toBe('消息内容不能超过20个字');
    expect((await s.post('teacher/reply', { student_id: studentId, message: '答'.repeat(20) }, teacher)).body.code).toBe(200);
  });
});
