import type { AppConfig } from '../../shared/config-types';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { inboxVersion } from '../db/inbox-versions';
import { preparedQuery } from '../db/prepared';
import { now } from '../db/time';
import { invalid, notFound } from '../http/errors';
import { versionedCache } from './versionedCache';

/** Longest message a student or teacher may send, in characters, unless app.yaml `limits.messageLength` says otherwise. */
export const MESSAGE_MAX_LENGTH = 500;
export const EMPTY_MESSAGE = '请输入内容！';
export const tooLongMessage = (max: number) => `消息内容不能超过${max}个字`;

/** The longest message of a school's site: the limit the chat's input box also applies. */
export const messageLength = (app: AppConfig | undefined) => app?.limits?.messageLength ?? MESSAGE_MAX_LENGTH;

/** The text as it is stored: ends trimmed; empty, whitespace-only and over-long text is refused (422). */
export function cleanMessage(text: unknown, maxLength: number, field = 'message'): string {
  const value = typeof text === 'string' ? text.trim() : '';
  if (!value) throw invalid(field, EMPTY_MESSAGE);
  if ([...value].length > maxLength) throw invalid(field, tooLongMessage(maxLength));
  return value;
}

/** An active account of `role` in `schoolId`; anything else (unknown, other school, other role) is a 404. */
export async function partnerIn(db: Db, schoolId: number, id: number, role: 'teacher' | 'student') {
  const partner = await db
    .selectFrom('users')
    .select(['id', 'realname', 'head_img'])
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .where('role', '=', role)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!partner) throw notFound(role === 'teacher' ? '老师不存在' : '学生不存在');
  return partner;
}

export function findConversation(db: Db, studentId: number, teacherId: number) {
  return db.selectFrom('conversations').selectAll().where('student_id', '=', studentId).where('teacher_id', '=', teacherId).executeTakeFirst();
}

const person = (id: number, realname: string, headImg: string | null) => ({ id, realname, head_img: headImg ?? '' });

/** The student's conversations, newest first, with the teacher's name and avatar (spec: Conversation entry). */
export async function studentConversations(db: Db, student: User) {
  const rows = await db
    .selectFrom('conversations')
    .innerJoin('users as t', 't.id', 'conversations.teacher_id')
    .select(['conversations.id', 'conversations.teacher_id', 'conversations.status', 'conversations.last_message', 'conversations.last_author_id',
      'conversations.unread_student', 'conversations.updated_at', 't.realname', 't.head_img'])
    .where('conversations.student_id', '=', student.id)
    .where('conversations.deleted_by_student', '=', 0)
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    teacher_id: r.teacher_id,
    student_id: student.id,
    status: r.status,
    author_id: r.last_author_id,
    message: r.last_message,
    unread: r.unread_student,
    updated_at: r.updated_at,
    teacher: person(r.teacher_id, r.realname, r.head_img),
    student: person(student.id, student.realname, student.head_img),
  }));
}

/** Messages of a conversation from `afterId` on, oldest first, each with both people (spec: Message). */
export async function history(db: Db, conversationId: number, afterId = 0) {
  const rows = await db
    .selectFrom('messages')
    .innerJoin('users as t', 't.id', 'messages.teacher_id')
    .innerJoin('users as s', 's.id', 'messages.student_id')
    .select(['messages.id', 'messages.teacher_id', 'messages.student_id', 'messages.author_id', 'messages.message', 'messages.created_at',
      't.realname as teacher_name', 't.head_img as teacher_img', 's.realname as student_name', 's.head_img as student_img'])
    .where('messages.conversation_id', '=', conversationId)
    .where('messages.id', '>', afterId)
    .orderBy('messages.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    teacher_id: r.teacher_id,
    student_id: r.student_id,
    author_id: r.author_id,
    message: r.message,
    created_at: r.created_at,
    teacher: person(r.teacher_id, r.teacher_name, r.teacher_img),
    student: person(r.student_id, r.student_name, r.student_img),
  }));
}

/** Adds a message to the pair's conversation (creating it), and updates who has unread messages. */
export async function addMessage(db: Db, pair: { studentId: number; teacherId: number }, authorId: number, text: string, at: string = now()) {
  const fromTeacher = authorId === pair.teacherId;
  // The seed writes its history through here inside its own transaction; Kysely cannot nest one.
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    let conversation = await findConversation(trx, pair.studentId, pair.teacherId);
    if (!conversation) {
      await trx.insertInto('conversations').values({ student_id: pair.studentId, teacher_id: pair.teacherId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.columns(['student_id', 'teacher_id']).doNothing()).execute();
      conversation = (await findConversation(trx, pair.studentId, pair.teacherId))!;
    }
    const inserted = await trx.insertInto('messages')
      .values({ conversation_id: conversation.id, teacher_id: pair.teacherId, student_id: pair.studentId, author_id: authorId, message: text, created_at: at })
      .returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('conversations')
      .set((eb) => ({
        last_message: text,
        last_author_id: authorId,
        updated_at: at,
        deleted_by_student: 0,
        // status 1: the teacher wrote last and the student has not read it yet.
        status: fromTeacher ? 1 : 0,
        unread_student: fromTeacher ? eb('unread_student', '+', 1) : 0,
        unread_teacher: fromTeacher ? 0 : eb('unread_teacher', '+', 1),
      }))
      .where('id', '=', conversation.id)
      .execute();
    return { id: inserted.id, conversation_id: conversation.id, created_at: at };
  });
}

export async function markReadByStudent(db: Db, conversationId: number): Promise<void> {
  await db.updateTable('conversations').set({ status: 0, unread_student: 0 }).where('id', '=', conversationId).execute();
}

export async function markReadByTeacher(db: Db, conversationId: number): Promise<void> {
  await db.updateTable('conversations').set({ unread_teacher: 0 }).where('id', '=', conversationId).execute();
}

/** Hides the conversation and its history so far from the student; a new message shows it again. */
export async function deleteForStudent(db: Db, conversationId: number): Promise<void> {
  const last = await db.selectFrom('messages').select((eb) => eb.fn.max('id').as('id')).where('conversation_id', '=', conversationId).executeTakeFirst();
  await db.updateTable('conversations')
    .set({ deleted_by_student: 1, status: 0, unread_student: 0, student_cleared_id: Number(last?.id ?? 0) })
    .where('id', '=', conversationId)
    .execute();
}

const unreadCountsQuery = preparedQuery((db: Db, studentId: number) =>
  db.selectNoFrom((eb) => {
    const chats = eb.selectFrom('conversations').where('student_id', '=', studentId).where('deleted_by_student', '=', 0);
    const notices = eb.selectFrom('notifications').where('user_id', '=', studentId);
    return [
      chats.select((c) => c.fn.coalesce(c.fn.sum<number>('unread_student'), c.lit(0)).as('n')).as('chat_unread'),
      chats.select((c) => c.fn.countAll<number>().as('n')).as('chat_total'),
      notices.select((n) => n.fn.countAll<number>().as('n')).as('notice_total'),
      notices.select((n) => n.fn.countAll<number>().as('n')).where('read_at', 'is', null).as('notice_unread'),
    ];
  }),
);

type UnreadCounts = { chat: { total: number; unread: number }; notice: { total: number; unread: number } };

/**
 * Each student's counts, kept while the student's inbox version stays the same (db/inbox-versions.ts: a write on this
 * node is seen by the next call, one on another node within about a second).
 */
const inboxCounts = versionedCache<UnreadCounts>((db, student) => inboxVersion(db, Number(student)), { limit: 100_000 });

/** Unread teacher messages and notifications of a student: what the counters in the page show. Polled by every open page. */
export function unreadCounts(db: Db, studentId: number): Promise<UnreadCounts> {
  return inboxCounts.get(db, String(studentId), () => countUnread(db, studentId));
}

async function countUnread(db: Db, studentId: number): Promise<UnreadCounts> {
  const [row] = await unreadCountsQuery(db, studentId);
  return {
    chat: { total: Number(row?.chat_total ?? 0), unread: Number(row?.chat_unread ?? 0) },
    notice: { total: Number(row?.notice_total ?? 0), unread: Number(row?.notice_unread ?? 0) },
  };
}
