import dayjs from 'dayjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { withDb } from './db';
import { apiCall, signIn, teacherPage } from './staff-work';

// A class of 230 that has all handed in: the grader's roster is paged (50 at a time) and its page follows the work on
// screen. Writes only its own class, students and homework.
let browser: Browser;
const STUDENTS = 230;
const tag = Date.now().toString(36).slice(-6);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new class of teacher1 with `STUDENTS` students; returns the class id and the students in hand-in order. */
function largeClass(): { classId: number; names: string[] } {
  return withDb((db) => {
    const teacher = db.prepare(`select id from users where username = 'teacher1' and school_id = 100002`).get() as { id: number };
    const model = db.prepare(`select u.password_hash, u.grade_id, u.major_id, u.depart_id from users u join teacher_classes tc on tc.class_id = u.class_id
      where tc.teacher_id = ? and u.role = 'student' limit 1`).get(teacher.id) as { password_hash: string; grade_id: number; major_id: number; depart_id: number };
    const classId = Number(db.prepare('insert into classes (grade_id, class_name) values (?, ?)').run(model.grade_id, `大班${tag}`).lastInsertRowid);
    db.prepare('insert into teacher_classes (teacher_id, class_id) values (?, ?)').run(teacher.id, classId);
    const add = db.prepare(`insert into users (school_id, role, username, password_hash, realname, student_no, depart_id, major_id, grade_id, class_id)
      values (100002, 'student', ?, ?, ?, ?, ?, ?, ?, ?)`);
    const names: string[] = [];
    db.transaction(() => {
      for (let i = 1; i <= STUDENTS; i++) {
        const name = `大班${String(i).padStart(3, '0')}号`;
        add.run(`big${tag}${i}`, model.password_hash, name, `${tag}${String(i).padStart(3, '0')}`, model.depart_id, model.major_id, model.grade_id, classId);
        names.push(name);
      }
    })();
    return { classId, names };
  });
}

describe('grading a class of 230', () => {
  it('pages the roster 50 at a time, and Ctrl+Enter on the last of a page turns to the next', async () => {
    const { classId, names } = largeClass();
    const teacher = await signIn('teacher/login', 'teacher1', 'teacher123');
    const { id } = await apiCall<{ id: number }>('staff/assignment/save', {
      kind: 'homework', title: `大班作业${tag}`, classify: 2, class_ids: [classId],
      start_time: dayjs().subtract(1, 'day').format('YYYY-MM-DD HH:mm'), end_time: dayjs().add(2, 'day').format('YYYY-MM-DD HH:mm'),
    }, teacher);
    // Handed in one minute apart, in name order: the roster lists waiting work in the order it came in.
    withDb((db) => {
      const add = db.prepare(`insert into marks (assignment_id, user_id, student_answer, student_des, created_at)
        select ?, id, '[]', '见附件', ? from users where username = ?`);
      db.transaction(() => {
        for (let i = 1; i <= STUDENTS; i++) add.run(id, dayjs().subtract(1, 'day').add(i, 'minute').format('YYYY-MM-DD HH:mm:ss'), `big${tag}${i}`);
      })();
    });

    const page = await teacherPage(browser, `/teacher/grade?id=${id}`);
    const rows = page.getByTestId('grader-row');
    await page.getByTestId('grade-panel').waitFor();
    await expect.poll(() => rows.count()).toBe(50);
    const pager = page.getByTestId('grader-pages');
    await pager.getByText(`第 1–50 份，共 ${STUDENTS} 份`).waitFor();
    expect(await page.getByTestId('grader-counts').textContent()).toContain(`已交 ${STUDENTS}`);

    // The 50th, then save it from the keyboard: the 51st is on screen and its page is shown.
    await rows.nth(49).click();
    await expect.poll(() => page.getByTestId('grade-student').textContent()).toBe(names[49]);
    await page.getByTestId('grade-score').fill('88');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('grade-student').textContent()).toBe(names[50]);
    await pager.getByText(`第 51–100 份，共 ${STUDENTS} 份`).waitFor();
    expect(await rows.first().textContent()).toContain(names[50]);
    expect(await page.locator('[data-testid="grader-row"][aria-selected="true"]').textContent()).toContain(names[50]);

    // The last page by hand: 30 rows.
    await pager.getByRole('button', { name: '5' }).click();
    await pager.getByText(`第 201–${STUDENTS} 份，共 ${STUDENTS} 份`).waitFor();
    expect(await rows.count()).toBe(STUDENTS - 200);
    expect(await rows.last().textContent()).toContain(names[STUDENTS - 1]);
    await page.context().close();
  }, 180_000);
});
