import type { Db } from '../db';
import type { User } from '../db/schema';
import { fromNow, now } from '../db/time';
import { invalid } from '../http/errors';
import { visibleCourses } from './catalogue';
import { oneAtATime } from './submit-once';

export const TITLE_MAX = 50;
export const CONTENT_MAX = 500;

/** Trimmed text of a form field; empty, whitespace-only and over-long text is a 422 under that field. */
function cleanText(value: unknown, field: string, empty: string, max: number, tooLong: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw invalid(field, empty);
  if ([...text].length > max) throw invalid(field, tooLong);
  return text;
}

/** The teachers a student may put a question to: the active teachers of the student's own school. */
export function schoolTeachers(db: Db, schoolId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'realname as name'])
    .where('school_id', '=', schoolId)
    .where('role', '=', 'teacher')
    .where('status', '=', 1)
    .orderBy('id');
}

/** One page of the student's own topics, newest first, with the teacher's and the experiment's names. */
export async function topicPage(db: Db, userId: number, page: number, pageSize: number) {
  const mine = db.selectFrom('topics').where('topics.user_id', '=', userId);
  const total = Number((await mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await mine
    .leftJoin('users as teacher', 'teacher.id', 'topics.teacher_id')
    .leftJoin('learns', 'learns.id', 'topics.learn_id')
    .select([
      'topics.id', 'topics.title', 'topics.content', 'topics.reply', 'topics.teacher_id', 'topics.learn_id',
      'topics.created_at', 'topics.updated_at', 'teacher.realname as teacher_name', 'learns.name as learn_name',
    ])
    .orderBy('topics.created_at', 'desc')
    .orderBy('topics.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const data = rows.map(({ teacher_name, learn_name, ...row }) => ({
    ...row,
    teacher: { id: row.teacher_id, name: teacher_name ?? '' },
    learn: row.learn_id === null ? null : { id: row.learn_id, name: learn_name ?? '' },
  }));
  return { data, total, current_page: page, page_size: pageSize, last_page: Math.max(1, Math.ceil(total / pageSize)) };
}

export interface TopicInput {
  title?: string;
  teacher_id: number;
  learn_id: number;
  content?: string;
}

/**
 * The same question (teacher, experiment, title and text) from the same student within this many seconds is a
 * double click or a retry, not a new question: it is answered with the one already stored.
 */
export const REPEAT_WINDOW_SECONDS = 60;

/**
 * Stores a student's question. The teacher must teach at the student's school and the experiment must be one
 * the student can see; anything else is reported under its field, as a form would show it.
 */
export async function addTopic(db: Db, user: User, input: TopicInput) {
  const title = cleanText(input.title, 'title', '请输入标题', TITLE_MAX, `标题不能超过${TITLE_MAX}个字`);
  const content = cleanText(input.content, 'content', '请输入内容！', CONTENT_MAX, `问题描述不能超过${CONTENT_MAX}个字`);
  const teacher = await schoolTeachers(db, user.school_id).where('id', '=', input.teacher_id).executeTakeFirst();
  if (!teacher) throw invalid('teacher_id', '请选择本校的提问老师');
  const learn = await visibleCourses(db, user).select('learns.id').where('learns.id', '=', input.learn_id).executeTakeFirst();
  if (!learn) throw invalid('learn_id', '所选实验不存在或未对您开放');
  return oneAtATime(db, user.id, async (trx) => {
    const twin = await trx.selectFrom('topics').select(['id', 'created_at'])
      .where('user_id', '=', user.id).where('teacher_id', '=', teacher.id).where('learn_id', '=', learn.id)
      .where('title', '=', title).where('content', '=', content).where('created_at', '>=', fromNow(-REPEAT_WINDOW_SECONDS))
      .orderBy('id', 'desc').executeTakeFirst();
    if (twin) return { id: twin.id, created_at: twin.created_at, repeated: true };
    const at = now();
    const row = await trx
      .insertInto('topics')
      .values({ user_id: user.id, teacher_id: teacher.id, learn_id: learn.id, title, content, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, created_at: at, repeated: false };
  });
}
