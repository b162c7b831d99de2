import { jsonOr } from './assignments';
import type { StudentWork } from './staff-roster';
import { storedNameOf } from './uploads';

/** The pure parts of the teacher's zip download and score export (issue 16 #4); the students come from staff-roster.ts. */
export type { ScopedAssignment, StudentWork } from './staff-roster';

export interface WorkFile {
  /** Stored name under <dataDir>/uploads, or null for a file that is not an upload (a seed asset, a foreign URL). */
  stored: string | null;
  url: string;
  /** The name the student gave, when known. */
  name: string;
  annex: boolean;
}

/** The files of a submission: the answer files, then the attachments. */
export function workFiles(w: Pick<StudentWork, 'student_answer' | 'annex'>): WorkFile[] {
  const list = (text: string | null, annex: boolean) => jsonOr<unknown[]>(text, []).flatMap((f): WorkFile[] => {
    const ref = typeof f === 'string' ? { name: '', url: f } : f && typeof f === 'object' && typeof (f as { url?: unknown }).url === 'string' ? f as { name?: unknown; url: string } : null;
    if (!ref) return [];
    return [{ stored: storedNameOf(ref.url), url: ref.url, name: typeof ref.name === 'string' ? ref.name : '', annex }];
  });
  return [...list(w.student_answer, false), ...list(w.annex, true)];
}

/** One path segment of a zip entry: no separators, control or reserved characters, not empty, not dots only. */
export function safeSegment(text: string, fallback = '未命名'): string {
  const cleaned = text.replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim().slice(0, 60);
  return cleaned && !/^\.+$/.test(cleaned) ? cleaned : fallback;
}

/** Names inside one folder, made unique: 作品.jpg, 作品 (2).jpg … */
export function uniqueNamer(): (name: string) => string {
  const used = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const ext = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  };
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm' (the exports show minutes). */
export const minutes = (at: string | null) => (at ? at.slice(0, 16) : '');

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs a name as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Content-Disposition for a download with a Chinese name: an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fallback: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Summary figures of a list of scores (graded submissions only): what the 统计 sheet shows. */
export interface ScoreStats {
  students: number;
  submitted: number;
  graded: number;
  late: number;
  average: number | null;
  max: number | null;
  min: number | null;
  passRate: number | null;
  excellentRate: number | null;
  /** Ten bands: 0–9, 10–19, … 80–89, 90–100. */
  bands: { label: string; count: number }[];
}

export function scoreStats(rows: StudentWork[]): ScoreStats {
  const scores = rows.filter((r) => r.graded && r.score !== null).map((r) => r.score!);
  return {
    students: rows.length,
    submitted: rows.filter((r) => r.mark_id !== null).length,
    late: rows.filter((r) => r.late).length,
    ...scoreSummary(scores, 100),
  };
}

/**
 * Average, best, lowest, pass (≥ 60 % of `full`) and excellent (≥ 90 %) rates and ten bands of 10 % each, over the
 * scores given; rates are fractions, null when there is no score. Shared by the assignment and theory-test exports.
 */
export function scoreSummary(scores: number[], full: number) {
  const bands = Array.from({ length: 10 }, (_, i) => ({ label: i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`, count: 0 }));
  const percent = (s: number) => (full > 0 ? (s * 100) / full : 0); // multiplied first: 29 of 100 stays exactly 29
  for (const s of scores) bands[Math.min(9, Math.max(0, Math.floor(percent(s) / 10)))].count++;
  const n = scores.length;
  return {
    graded: n,
    average: n ? Math.round((scores.reduce((a, b) => a + b, 0) / n) * 100) / 100 : null,
    max: n ? Math.max(...scores) : null,
    min: n ? Math.min(...scores) : null,
    passRate: n ? scores.filter((s) => percent(s) >= 60).length / n : null,
    excellentRate: n ? scores.filter((s) => percent(s) >= 90).length / n : null,
    bands,
  };
}
