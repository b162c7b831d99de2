import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { now } from '../db/time';
import { invalid, refuse } from '../http/errors';
import { IMAGE_DETAIL_LEARN_IDS } from '../seed/data/catalogue';
import { detectFileType } from './file-type';
import { assertUsable, LAUNCH_MESSAGES, type LaunchRow } from './launch';
import type { FileStorage } from '../storage';

/** Limits of one result upload (documented in docs/simulation-protocol.md). */
export const RESULT_LIMITS = { rows: 200, columns: 20, cell: 200, images: 9, imageBytes: 2 * 1024 * 1024 };

export interface ResultInput {
  total_score: number;
  total_time: number;
  detail?: string;
  subhead?: string;
  subtitle?: string;
  evaluate?: string;
  mistake?: string;
  first_module_time?: number;
}

const IMAGE_EXTS = ['png', 'jpg'];

/** The image type a file really is, by its content (never by its name): PNG or JPEG, else undefined. */
export async function imageTypeOf(data: Buffer): Promise<{ ext: string; mime: string } | undefined> {
  const type = await detectFileType(data);
  return type && IMAGE_EXTS.includes(type.ext) ? type : undefined;
}

/**
 * `detail`: a JSON array of rows, the header row first (non-empty texts), every row as wide as the header,
 * each cell a text or a finite number. Returns the parsed rows or throws a 422 on `detail` saying what is wrong.
 */
export function parseDetailRows(text: string): (string | number)[][] {
  let rows: unknown;
  try {
    rows = JSON.parse(text);
  } catch {
    throw invalid('detail', '成绩明细必须是 JSON 数组');
  }
  if (!Array.isArray(rows) || rows.length < 2) throw invalid('detail', '成绩明细至少需要表头行和一行数据');
  if (rows.length > RESULT_LIMITS.rows + 1) throw invalid('detail', `成绩明细最多 ${RESULT_LIMITS.rows} 行`);
  const [header] = rows;
  if (!Array.isArray(header) || header.length === 0 || header.length > RESULT_LIMITS.columns || !header.every((h) => typeof h === 'string' && h.trim() !== '' && h.length <= 50)) {
    throw invalid('detail', `成绩明细第 1 行必须是表头：1 到 ${RESULT_LIMITS.columns} 个非空文字`);
  }
  rows.forEach((row, i) => {
    if (!Array.isArray(row) || row.length !== header.length) throw invalid('detail', `成绩明细第 ${i + 1} 行必须有 ${header.length} 列，与表头一致`);
    const bad = row.findIndex((cell) => !(typeof cell === 'string' ? cell.length <= RESULT_LIMITS.cell : typeof cell === 'number' && Number.isFinite(cell)));
    if (bad >= 0) throw invalid('detail', `成绩明细第 ${i + 1} 行第 ${bad + 1} 列必须是文字（最多 ${RESULT_LIMITS.cell} 字）或数字`);
  });
  return rows as (string | number)[][];
}

/** Checks every image (type by content, size, count) before anything is stored. */
export async function checkImages(images: Buffer[]) {
  if (images.length > RESULT_LIMITS.images) throw invalid('images', `最多上传 ${RESULT_LIMITS.images} 张图片`);
  const types = await Promise.all(images.map(imageTypeOf));
  return images.map((data, i) => {
    const type = types[i];
    if (!type) throw invalid('images', `第 ${i + 1} 张图片不是 PNG 或 JPEG 图片`);
    if (data.length > RESULT_LIMITS.imageBytes) throw invalid('images', `第 ${i + 1} 张图片超过 2MB`);
    return { data, type, sha256: createHash('sha256').update(data).digest('hex') };
  });
}

/** What makes two uploads "the same": every field and every image's content. */
function uploadHash(input: ResultInput, imageHashes: string[]): string {
  const fields = Object.keys(input).sort().map((k) => [k, input[k as keyof ResultInput]]);
  return createHash('sha256').update(JSON.stringify([fields, imageHashes])).digest('hex');
}

export interface Recorded {
  id: number;
  learn_id: number;
  total_score: number;
  total_time: number;
  created_at: string;
  /** True when this was an identical retry of an upload already recorded. */
  repeated: boolean;
}

/**
 * Records a simulation's result for the launch's student and course, once. The token is claimed with a
 * conditional update inside the transaction, so two concurrent uploads cannot both succeed; an identical
 * retry after success answers with the record already made.
 */
export async function recordResult(db: Db, launch: NonNullable<LaunchRow>, input: ResultInput, images: Buffer[], storage: FileStorage): Promise<Recorded> {
  const checked = await checkImages(images);
  const hash = uploadHash(input, checked.map((c) => c.sha256));
  if (launch.used_at) return repeatOf(db, launch, hash);
  assertUsable(launch);

  const imageDetail = IMAGE_DETAIL_LEARN_IDS.includes(launch.learn_id);
  if (imageDetail && checked.length === 0) throw invalid('images', '该实训项目的成绩明细为图片，请上传至少 1 张图片');
  if (!imageDetail && checked.length > 0) throw invalid('images', '该实训项目不接收图片，请用 detail 提交成绩明细');
  const rows = imageDetail ? null : parseDetailRows(input.detail ?? '');

  const user = await db.selectFrom('users').select(['id', 'class_id', 'grade_id']).where('id', '=', launch.user_id).executeTakeFirstOrThrow();
  const course = await db.selectFrom('learns').select('questionnaire').where('id', '=', launch.learn_id).executeTakeFirst();
  const stored = checked.map((c) => ({ ...c, name: `${randomBytes(16).toString('hex')}.${c.type.ext}` }));
  const detail = rows ?? stored.map((s) => `/files/${s.name}`);
  const created_at = now();

  // Files first: a record must never point at an image that is not there; a failed claim removes them again.
  const removeFiles = () => Promise.all(stored.map((s) => storage.delete(s.name).catch(() => undefined)));
  try {
    for (const s of stored) await storage.put(s.name, s.data, s.type.mime);
  } catch (error) {
    await removeFiles();
    throw error;
  }

  const id = await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('launch_tokens').set({ used_at: created_at, result_hash: hash }).where('id', '=', launch.id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw refuse(LAUNCH_MESSAGES.used);
    const record = await trx
      .insertInto('score_records')
      .values({
        user_id: user.id, learn_id: launch.learn_id, class_id: user.class_id, grade_id: user.grade_id, created_at,
        subhead: input.subhead ?? '考核模式', subtitle: input.subtitle ?? '综合操作', total_score: input.total_score, total_time: input.total_time,
        detail: JSON.stringify(detail), evalue: course?.questionnaire ? 1 : 0, evaluate: input.evaluate ?? '', mistake: input.mistake ?? '', first_module_time: input.first_module_time ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const s of stored) {
      await trx.insertInto('uploads').values({ owner_id: user.id, stored_name: s.name, original_name: s.name, mime: s.type.mime, size: s.data.length, sha256: s.sha256, purpose: 'sim-result', created_at }).execute();
    }
    await trx.updateTable('launch_tokens').set({ score_record_id: record.id }).where('id', '=', launch.id).execute();
    return record.id;
  }).catch(async (error: unknown) => {
    await removeFiles();
    throw error;
  });
  return { id, learn_id: launch.learn_id, total_score: input.total_score, total_time: input.total_time, created_at, repeated: false };
}

async function repeatOf(db: Db, launch: NonNullable<LaunchRow>, hash: string): Promise<Recorded> {
  if (launch.result_hash !== hash || launch.score_record_id === null) throw refuse(LAUNCH_MESSAGES.used);
  const record = await db.selectFrom('score_records').select(['id', 'learn_id', 'total_score', 'total_time', 'created_at']).where('id', '=', launch.score_record_id).executeTakeFirst();
  if (!record) throw refuse(LAUNCH_MESSAGES.used);
  return { ...record, total_score: Number(record.total_score), repeated: true };
}
