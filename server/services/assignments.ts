import crypto from 'node:crypto';
import type { Db } from '../db';
import type { User } from '../db/schema';
import { forbidden, invalid, refuse } from '../http/errors';
import { claimUploads, isDocxMime, isImageMime, ownUploads } from './uploads';

/** Rules of homework/exam work shared by assign/* and task/* (spec: learning §4, §5, §9). */
export const WORK_MESSAGES = {
  homeworkWindow: '不在做作业时间范围內！',
  examWindow: '不在考试时间范围內！',
  noImage: '请先上传图片！',
  noSketch: '请上传素描图片！',
  noAnnex: '请先上传附件！',
  noDocx: '还未上传文件！',
  tooManyImages: '最多只能上传9张图片！',
  tooManyAnnex: '附件最多只能上传1个！',
  inSystem: '该任务需在系统内完成实训，无需上传',
  notYours: '只能提交自己上传的文件',
  badFormat: '提交内容格式不正确',
  graded: '老师已批阅，不能再修改',
} as const;

export const MAX_IMAGES = 9; // the task details page allows 9; the list cards stop at 2 in the browser
export const MAX_ANNEX = 1;
export const CATEGORY_NAMES: Record<number, string> = { 1: '铸造', 2: '卡环', 3: '素描' };
export const CLASSIFY_NAMES: Record<number, string> = { 1: '系统实训', 2: '拍照上传', 3: '素描上传', 4: '系统实训', 5: '文档上传', 6: '拍照上传' };
export const isInSystem = (classify: number) => classify === 1 || classify === 4;

/** Time status of the spec: 1 ended, 2 in progress, 3 not started (text timestamps compare in order). */
export function timeStatus(start: string, end: string, at: string): 1 | 2 | 3 {
  if (at > end) return 1;
  if (at < start) return 3;
  return 2;
}

/** Homework may be done any time up to its end; an exam only between start and end (both inclusive). */
export function assertInWindow(kind: 'homework' | 'exam', start: string, end: string, at: string): void {
  if (kind === 'homework' ? at > end : at < start || at > end) {
    throw refuse(kind === 'homework' ? WORK_MESSAGES.homeworkWindow : WORK_MESSAGES.examWindow);
  }
}

export interface FileRef {
  name: string;
  url: string;
}

/** student_answer / annex arrive as JSON text: a list of URLs or of {name, url}. */
export function parseFileList(field: string, text: string | undefined): FileRef[] {
  if (text === undefined || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(field, WORK_MESSAGES.badFormat);
  }
  if (!Array.isArray(value) || value.length > 20) throw invalid(field, WORK_MESSAGES.badFormat);
  return value.map((item) => {
    if (typeof item === 'string') return { name: '', url: item };
    if (item && typeof item === 'object' && typeof (item as FileRef).url === 'string') return { name: String((item as FileRef).name ?? ''), url: (item as FileRef).url };
    throw invalid(field, WORK_MESSAGES.badFormat);
  });
}

/** Parsed JSON text from the database, or the fallback when it is empty or malformed. */
export function jsonOr<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export type WorkShape = 'images' | 'sketch' | 'images+annex' | 'docx';
export function shapeOf(classify: number): WorkShape {
  if (classify === 5) return 'docx';
  if (classify === 3) return 'sketch';
  if (classify === 6) return 'images+annex';
  return 'images';
}

export interface CheckedWork {
  answer: FileRef[];
  annex: FileRef[];
  /** Short fingerprint of the files (and who submitted what), shown to the student as part of the receipt. */
  fingerprint: string;
}

/**
 * Re-checks a submission on the server: only the student's own uploads, the right kind and number of files.
 * The browser checks the same rules, but nothing it says is trusted.
 */
export async function checkWork(db: Db, user: User, shape: WorkShape, scope: string, answer: FileRef[], annex: FileRef[]): Promise<CheckedWork> {
  const all = [...answer, ...annex];
  const uploads = await ownUploads(db, user.id, all.map((f) => f.url));
  const byUrl = new Map(uploads.map((u) => [`/files/${u.stored_name}`, u]));
  const find = (f: FileRef) => byUrl.get(f.url.replace(/^https?:\/\/[^/]+/, '').trim());
  if (all.some((f) => !find(f))) throw forbidden(WORK_MESSAGES.notYours);
  // Held against the orphan cleanup from here until the record naming them is written.
  if (!(await claimUploads(db, uploads.map((u) => u.id)))) throw forbidden(WORK_MESSAGES.notYours);

  if (shape === 'docx') {
    if (answer.length === 0 || answer.some((f) => !isDocxMime(find(f)!.mime))) throw refuse(WORK_MESSAGES.noDocx);
    if (answer.length > 1) throw refuse(WORK_MESSAGES.tooManyAnnex);
  } else {
    if (answer.length === 0 || answer.some((f) => !isImageMime(find(f)!.mime))) {
      throw refuse(shape === 'sketch' ? WORK_MESSAGES.noSketch : WORK_MESSAGES.noImage);
    }
    if (answer.length > MAX_IMAGES) throw refuse(WORK_MESSAGES.tooManyImages);
    if (shape === 'images+annex' && annex.length === 0) throw refuse(WORK_MESSAGES.noAnnex);
  }
  if (annex.length > MAX_ANNEX) throw refuse(WORK_MESSAGES.tooManyAnnex);

  const named = (f: FileRef) => ({ name: f.name || find(f)!.original_name, url: `/files/${find(f)!.stored_name}` });
  const hashes = all.map((f) => find(f)!.sha256).sort();
  const fingerprint = crypto.createHash('sha256').update(`${scope}:${user.id}:${hashes.join(',')}`).digest('hex').slice(0, 12).toUpperCase();
  return {
    answer: shape === 'docx' ? answer.map(named) : answer.map((f) => named(f).url).map((url) => ({ name: '', url })),
    annex: annex.map(named),
    fingerprint,
  };
}

/** A stored answer list as the client shows it: image URLs, or documents with name and url. */
export function storedAnswer(shape: WorkShape, files: FileRef[]): string {
  return JSON.stringify(shape === 'docx' ? files : files.map((f) => f.url));
}

/** True when an insert failed on a unique index (a concurrent duplicate submission). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

export const receiptOf = (row: { id: number; receipt: string | null; created_at: string }) => ({
  mark_id: row.id,
  fingerprint: row.receipt ?? '',
  submitted_at: row.created_at,
});
