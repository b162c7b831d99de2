// Pure helpers of the score screens (unit-tested in tests/unit/scores-figures.test.ts).

export interface Dabiao {
  height: number;
  middle: number;
  low: number;
}

/** Share of a band in percent with two decimals; 0 attempts (NaN) shows as 0 (spec §9). */
export function percent(count: number, total: number): string {
  const value = (Number(count) / Number(total)) * 100;
  return Number.isFinite(value) ? value.toFixed(2) : '0';
}

export function bandPercentages(dabiao: Dabiao | undefined, times: number) {
  const d = dabiao ?? { height: 0, middle: 0, low: 0 };
  return { height: percent(d.height, times), middle: percent(d.middle, times), low: percent(d.low, times) };
}

export type DetailView =
  | { kind: 'images'; images: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'empty' };

/** The `detail` JSON of a score record: an image list for the configured learns, else rows with the header first. */
export function parseDetail(detail: unknown, imageList: boolean): DetailView {
  let value: unknown = detail;
  if (typeof detail === 'string') {
    try {
      value = JSON.parse(detail);
    } catch {
      return { kind: 'empty' };
    }
  }
  if (!Array.isArray(value) || value.length === 0) return { kind: 'empty' };
  if (imageList) return { kind: 'images', images: value.filter((v): v is string => typeof v === 'string' && v !== '') };
  const rows = value.filter(Array.isArray).map((r: unknown[]) => r.map((c) => (c === null || c === undefined ? '' : typeof c === 'object' ? JSON.stringify(c) : String(c))));
  if (rows.length === 0) return { kind: 'empty' };
  return { kind: 'table', header: rows[0], rows: rows.slice(1) };
}

export interface StepBar {
  label: string;
  value: number;
  max: number;
}

/** Bars of the step breakdown, read from the columns named in YAML; null when the table lacks them. */
export function stepBars(view: DetailView, columns: { label: string; value: string; max?: string }): StepBar[] | null {
  if (view.kind !== 'table') return null;
  const at = (name?: string) => (name ? view.header.indexOf(name) : -1);
  const [l, v, m] = [at(columns.label), at(columns.value), at(columns.max)];
  if (l < 0 || v < 0) return null;
  const bars = view.rows.map((r) => ({ label: r[l], value: Number(r[v]), max: m >= 0 ? Number(r[m]) : NaN }));
  if (bars.some((b) => !Number.isFinite(b.value))) return null;
  const top = Math.max(...bars.map((b) => b.value), 0);
  return bars.map((b) => ({ ...b, max: Number.isFinite(b.max) && b.max > 0 ? b.max : top || 1 }));
}
