import { join } from 'node:path';
import Database from 'better-sqlite3';
import { formatTimestamp } from '../../server/db/time';

// Work a teacher would publish, written straight into a test server's database (the teacher console has its own tests).
const at = (seconds: number) => formatTimestamp(new Date(Date.now() + seconds * 1000));
const open = (dataDir: string) => new Database(join(dataDir, 'app.sqlite'));

/** The class of a demo-school student. */
export function classOf(dataDir: string, username: string): number {
  const conn = open(dataDir);
  const row = conn.prepare('select class_id from users where username = ? and school_id = 100002').get(username) as { class_id: number };
  conn.close();
  return row.class_id;
}

/** A new assignment of the demo school for one class, open from `window[0]` to `window[1]` seconds from now. */
export function publish(dataDir: string, title: string, kind: 'homework' | 'exam', classify: number, classId: number, window: [number, number]): number {
  const conn = open(dataDir);
  const teacher = conn.prepare("select id from users where role = 'teacher' and school_id = 100002 order by id").get() as { id: number };
  const { lastInsertRowid } = conn
    .prepare('insert into assignments (school_id, teacher_id, kind, title, classify, cate_id, content, start_time, end_time) values (100002, ?, ?, ?, ?, 2, ?, ?, ?)')
    .run(teacher.id, kind, title, classify, '请按要求完成并提交。', at(window[0]), at(window[1]));
  conn.prepare('insert into assignment_classes (assignment_id, class_id) values (?, ?)').run(lastInsertRowid, classId);
  conn.close();
  return Number(lastInsertRowid);
}
