// Writes a small TrueType font (glyf outlines) from cubic contours: what jsPDF can embed. Cubic curves are
// approximated by quadratic ones within about one font unit.
import type { Contour, Point } from './cff';

interface TtPoint { x: number; y: number; on: boolean }
export interface TtGlyph { contours: TtPoint[][]; advance: number }

const TOLERANCE = 1;

/** Splits a cubic into n quadratics (control point of each piece: the mid-point approximation). */
function cubicToQuads(p0: Point, c1: Point, c2: Point, p3: Point, out: TtPoint[]): void {
  const ex = p3[0] - 3 * c2[0] + 3 * c1[0] - p0[0];
  const ey = p3[1] - 3 * c2[1] + 3 * c1[1] - p0[1];
  const error = (Math.sqrt(3) / 36) * Math.hypot(ex, ey);
  const n = Math.min(8, Math.max(1, Math.ceil(Math.cbrt(error / TOLERANCE))));
  const at = (t: number): Point => {
    const u = 1 - t;
    return [0, 1].map((k) => u * u * u * p0[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t * t * t * p3[k]) as Point;
  };
  const tangent = (t: number): Point => {
    const u = 1 - t;
    return [0, 1].map((k) => 3 * u * u * (c1[k] - p0[k]) + 6 * u * t * (c2[k] - c1[k]) + 3 * t * t * (p3[k] - c2[k])) as Point;
  };
  for (let i = 0; i < n; i++) {
    const t0 = i / n;
    const t1 = (i + 1) / n;
    const a = at(t0);
    const b = at(t1);
    const d0 = tangent(t0).map((v) => (v * (t1 - t0)) / 3);
    const d1 = tangent(t1).map((v) => (v * (t1 - t0)) / 3);
    // Sub-cubic control points, then the quadratic control as (3(c1 + c2) - (p0 + p3)) / 4.
    const q: Point = [0, 1].map((k) => (3 * (a[k] + d0[k] + b[k] - d1[k]) - (a[k] + b[k])) / 4) as Point;
    out.push({ x: Math.round(q[0]), y: Math.round(q[1]), on: false }, { x: Math.round(b[0]), y: Math.round(b[1]), on: true });
  }
}

export function toTrueType(contours: Contour[], advance: number): TtGlyph {
  const out: TtPoint[][] = [];
  for (const c of contours) {
    if (c.segments.length === 0) continue;
    const points: TtPoint[] = [{ x: Math.round(c.start[0]), y: Math.round(c.start[1]), on: true }];
    let last = c.start;
    for (const s of c.segments) {
      if (s.kind === 'line') points.push({ x: Math.round(s.to[0]), y: Math.round(s.to[1]), on: true });
      else cubicToQuads(last, s.c1, s.c2, s.to, points);
      last = s.to;
    }
    const first = points[0];
    const end = points[points.length - 1];
    if (points.length > 1 && end.on && end.x === first.x && end.y === first.y) points.pop();
    if (points.length >= 2) out.push(points);
  }
  return { contours: out, advance };
}

function encodeGlyph(g: TtGlyph): { data: Buffer; xMin: number; yMin: number; xMax: number; yMax: number; points: number } {
  const all = g.contours.flat();
  if (all.length === 0) return { data: Buffer.alloc(0), xMin: 0, yMin: 0, xMax: 0, yMax: 0, points: 0 };
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const box = { xMin: Math.min(...xs), yMin: Math.min(...ys), xMax: Math.max(...xs), yMax: Math.max(...ys) };
  const flags: number[] = [];
  const xBytes: number[] = [];
  const yBytes: number[] = [];
  let px = 0;
  let py = 0;
  const axis = (delta: number, bytes: number[], short: number, same: number): number => {
    if (delta === 0) return same;
    if (Math.abs(delta) < 256) { bytes.push(Math.abs(delta)); return short | (delta > 0 ? same : 0); }
    bytes.push((delta >> 8) & 0xff, delta & 0xff);
    return 0;
  };
  for (const p of all) {
    let flag = p.on ? 1 : 0;
    flag |= axis(p.x - px, xBytes, 0x02, 0x10);
    flag |= axis(p.y - py, yBytes, 0x04, 0x20);
    flags.push(flag);
    px = p.x;
    py = p.y;
  }
  const head = Buffer.alloc(10 + g.contours.length * 2 + 2);
  head.writeInt16BE(g.contours.length, 0);
  head.writeInt16BE(box.xMin, 2); head.writeInt16BE(box.yMin, 4); head.writeInt16BE(box.xMax, 6); head.writeInt16BE(box.yMax, 8);
  let end = -1;
  g.contours.forEach((c, i) => { end += c.length; head.writeUInt16BE(end, 10 + i * 2); });
  const body = Buffer.concat([head, Buffer.from(flags), Buffer.from(xBytes), Buffer.from(yBytes)]);
  return { data: body.length % 2 ? Buffer.concat([body, Buffer.alloc(1)]) : body, ...box, points: all.length };
}

function cmapFormat4(map: [number, number][]): Buffer {
  const segs = [...map.filter(([cp]) => cp <= 0xfffe).sort((a, b) => a[0] - b[0]), [0xffff, 0] as [number, number]];
  const n = segs.length;
  const sub = Buffer.alloc(16 + n * 8);
  sub.writeUInt16BE(4, 0); sub.writeUInt16BE(sub.length, 2); sub.writeUInt16BE(n * 2, 6);
  const pow = 2 ** Math.floor(Math.log2(n));
  sub.writeUInt16BE(pow * 2, 8); sub.writeUInt16BE(Math.log2(pow), 10); sub.writeUInt16BE(n * 2 - pow * 2, 12);
  segs.forEach(([cp, gid], i) => {
    sub.writeUInt16BE(cp, 14 + i * 2);
    sub.writeUInt16BE(cp, 16 + n * 2 + i * 2);
    sub.writeUInt16BE(cp === 0xffff ? 1 : (gid - cp) & 0xffff, 16 + n * 4 + i * 2);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 2); header.writeUInt16BE(3, 4); header.writeUInt16BE(1, 6); header.writeUInt32BE(12, 8);
  return Buffer.concat([header, sub]);
}

export interface SourceTables { head: Buffer; hhea: Buffer; os2: Buffer; name: Buffer }

/** Assembles the font file: glyph 0 is .notdef, `map` pairs code points with the new glyph ids. */
export function writeTrueType(glyphs: TtGlyph[], map: [number, number][], src: SourceTables): Buffer {
  const encoded = glyphs.map(encodeGlyph);
  const glyf = Buffer.concat(encoded.map((e) => e.data));
  const loca = Buffer.alloc((glyphs.length + 1) * 4);
  let offset = 0;
  encoded.forEach((e, i) => { loca.writeUInt32BE(offset, i * 4); offset += e.data.length; });
  loca.writeUInt32BE(offset, glyphs.length * 4);
  const hmtx = Buffer.alloc(glyphs.length * 4);
  glyphs.forEach((g, i) => { hmtx.writeUInt16BE(g.advance, i * 4); hmtx.writeInt16BE(encoded[i].xMin, i * 4 + 2); });

  const head = Buffer.from(src.head.subarray(0, 54));
  head.writeUInt32BE(0, 8);
  head.writeInt16BE(1, 50);
  const hhea = Buffer.from(src.hhea.subarray(0, 36));
  hhea.writeUInt16BE(glyphs.length, 34);
  const maxp = Buffer.alloc(32);
  maxp.writeUInt32BE(0x00010000, 0);
  maxp.writeUInt16BE(glyphs.length, 4);
  maxp.writeUInt16BE(Math.max(0, ...encoded.map((e) => e.points)), 6);
  maxp.writeUInt16BE(Math.max(0, ...glyphs.map((g) => g.contours.length)), 8);
  maxp.writeUInt16BE(2, 14);
  const post = Buffer.alloc(32);
  post.writeUInt32BE(0x00030000, 0);

  const tables: [string, Buffer][] = [
    ['OS/2', src.os2], ['cmap', cmapFormat4(map)], ['glyf', glyf], ['head', head], ['hhea', hhea],
    ['hmtx', hmtx], ['loca', loca], ['maxp', maxp], ['name', src.name], ['post', post],
  ];
  const dir = Buffer.alloc(12 + tables.length * 16);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(tables.length, 4);
  let at = dir.length;
  const bodies: Buffer[] = [];
  tables.forEach(([tag, data], i) => {
    const rec = 12 + i * 16;
    dir.write(tag, rec, 'latin1');
    dir.writeUInt32BE(at, rec + 8);
    dir.writeUInt32BE(data.length, rec + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    at += padded.length;
  });
  return Buffer.concat([dir, ...bodies]);
}
