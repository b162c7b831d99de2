// 班级成绩 for a class of 250 (issue 16 #7): adds to a running server's SQLite database a class of teacher1 with 250
// students, each with 3 score records (step tables) and one questionnaire answer (open texts all different) on each of
// 12 courses, then times teacher1's calls over HTTP: the list's first page, the list filtered to that class, the
// questionnaire detail a page of 50 at a time and whole, and the export filtered and not. Medians of 5, against
// GET /api/health in the same run.
//
//   npx tsx scripts/bench-class-results.ts <base URL> <DATA_DIR>
// The server must run on the SQLite database in DATA_DIR (npm start's default set-up).
import { join } from 'node:path';
import Database from 'better-sqlite3';

const [base = 'http://127.0.0.1:4610', dataDir = '/tmp/look/data'] = process.argv.slice(2);
const STUDENTS = 250;
const COURSES = 12;
const tag = Date.now().toString(36).slice(-5);
const className = `大班${tag}`;

const db = new Database(join(dataDir, 'app.sqlite'));
const teacher = db.prepare(`select id from users where username = 'teacher1' and school_id = 100002`).get() as { id: number };
const model = db.prepare(`select u.password_hash, u.grade_id from users u join teacher_classes tc on tc.class_id = u.class_id
  where tc.teacher_id = ? and u.role = 'student' limit 1`).get(teacher.id) as { password_hash: string; grade_id: number };
const learns = (db.prepare('select id from learns order by id limit ?').all(COURSES) as { id: number }[]).map((l) => l.id);
const header = ['序号', '考核项目', '满分', '得分', '用时(秒)'];
db.transaction(() => {
  const classId = Number(db.prepare('insert into classes (grade_id, class_name) values (?, ?)').run(model.grade_id, className).lastInsertRowid);
  db.prepare('insert into teacher_classes (teacher_id, class_id) values (?, ?)').run(teacher.id, classId);
  const student = db.prepare(`insert into users (school_id, role, username, password_hash, realname, grade_id, class_id) values (100002, 'student', ?, ?, ?, ?, ?)`);
  const record = db.prepare('insert into score_records (user_id, learn_id, class_id, grade_id, total_score, total_time, detail) values (?, ?, ?, ?, ?, ?, ?)');
  const answer = db.prepare('insert into questionnaire_answers (user_id, learn_id, estimate, know, resource, perspective) values (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < STUDENTS; i++) {
    const id = Number(student.run(`cls${tag}${i}`, model.password_hash, `学生${i}`, model.grade_id, classId).lastInsertRowid);
    for (const learn of learns) {
      for (let k = 0; k < 3; k++) {
        const steps = [[1, '准备', 20, 10 + ((i + k) % 11), 60], [2, '操作过程', 50, 25 + ((i * 7 + k) % 26), 300], [3, '质量评价', 30, 15 + (i % 16), 120]];
        const total = steps.reduce((sum, s) => sum + Number(s[3]), 0);
        record.run(id, learn, classId, model.grade_id, total, 480 + i, JSON.stringify([header, ...steps]));
      }
      answer.run(id, learn, i % 4, JSON.stringify([i % 4, (i + 1) % 4]), `学生${i}希望增加的病例`, `学生${i}对步骤提示的看法`);
    }
  }
})();
db.close();

const login = await fetch(`${base}/api/teacher/login`, { method: 'POST', body: new URLSearchParams({ username: 'teacher1', password: 'teacher123', school_id: '100002' }) }).then((r) => r.json());
const auth = { authorization: `Bearer ${login.data.token}` };
const classId = (await fetch(`${base}/api/staff/results?keyword=${encodeURIComponent(className)}`, { headers: auth }).then((r) => r.json())).data.data[0].class_id;

async function median(name: string, path: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const reply = await fetch(`${base}/api/${path}`, { headers: auth });
    bytes = (await reply.arrayBuffer()).byteLength;
    if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, ms: times[2], bytes };
}

const rows = [
  await median('`GET /api/health` (baseline)', '../api/health'),
  await median('`staff/results` page 1 of 20 (all taught classes)', 'staff/results?page=1&page_size=20'),
  await median(`\`staff/results\` filtered to the class of ${STUDENTS} (${COURSES} rows)`, `staff/results?keyword=${encodeURIComponent(className)}`),
  await median(`\`staff/results/detail\` questionnaire, page of 50 (of ${8 + 2 * STUDENTS} rows)`, `staff/results/detail?class_id=${classId}&learn_id=${learns[0]}&page=1&page_size=50`),
  await median('`staff/results/detail` whole (no paging)', `staff/results/detail?class_id=${classId}&learn_id=${learns[0]}`),
  await median(`\`staff/results/export\` filtered to the class (${COURSES} rows)`, `staff/results/export?keyword=${encodeURIComponent(className)}`),
  await median('`staff/results/export` all taught classes', 'staff/results/export'),
];
const health = rows[0].ms;
console.log('| call | median | size |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.ms.toFixed(1)} ms (${(r.ms / health).toFixed(0)}×) | ${(r.bytes / 1024).toFixed(1)} KB |`);
