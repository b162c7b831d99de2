import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { now } from '../db/time';
import { currentUser } from '../http/auth';

/** The kinds of record the audit log names, and how the audit screen calls them. */
export const AUDIT_KINDS = {
  org: '组织机构',
  student: '学生',
  accounts: '账号管理',
  application: '班级申请',
  account: '管理员账号',
  school: '学校',
  catalogue: '课程与分类',
  content: '文章与问卷',
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

export interface AuditEntry {
  kind: AuditKind;
  /** create, update, delete, move, approve, reject, reset-password, disable, enable, ... */
  action: string;
  /** The school the change belongs to; defaults to the acting administrator's school. null = platform-wide. */
  schoolId?: number | null;
  targetId?: number | null;
  /** One line in Chinese, e.g. 新建班级 口腔医学2024级1班. */
  summary: string;
  /** The fields that changed (never a password). */
  detail?: Record<string, unknown>;
}

/**
 * Records what the signed-in administrator did. Call it after the change, with the same `db` (a transaction's, when the
 * change is one), so a change and its record stand or fall together.
 */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = currentUser(request);
  await db.insertInto('audit_log').values({
    school_id: entry.schoolId === undefined ? (actor.role === 'platform' ? null : actor.school_id) : entry.schoolId,
    actor_id: actor.id,
    actor_name: actor.realname || actor.username,
    kind: entry.kind,
    action: entry.action,
    target_id: entry.targetId ?? null,
    summary: entry.summary,
    detail: JSON.stringify(entry.detail ?? {}),
    ip: request.ip ?? null,
    created_at: now(),
  }).execute();
}
