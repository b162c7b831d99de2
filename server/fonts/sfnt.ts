// Reads what the subsetter needs from an OpenType font or collection: the table directory of one face,
// its Unicode cmap and its horizontal metrics.

export interface Face {
  buf: Buffer;
  tables: Map<string, { offset: number; length: number }>;
}

function faceAt(buf: Buffer, at: number): Face {
  const count = buf.readUInt16BE(at + 4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < count; i++) {
    const rec = at + 12 + i * 16;
    tables.set(buf.toString('latin1', rec, rec + 4), { offset: buf.readUInt32BE(rec + 8), length: buf.readUInt32BE(rec + 12) });
  }
  return { buf, tables };
}

export function table(face: Face, tag: string): Buffer {
  const t = face.tables.get(tag);
  if (!t) throw new Error(`字体缺少 ${tag} 表`);
  return face.buf.subarray(t.offset, t.offset + t.length);
}

/** Family names (name id 1, Windows platform) of a face. */
function familyNames(face: Face): string[] {
  const name = table(face, 'name');
  const count = name.readUInt16BE(2);
  const strings = name.readUInt16BE(4);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const rec = 6 + i * 12;
    if (name.readUInt16BE(rec) !== 3 || name.readUInt16BE(rec + 6) !== 1) continue;
    const start = strings + name.readUInt16BE(rec + 10);
    out.push(Buffer.from(name.subarray(start, start + name.readUInt16BE(rec + 8))).swap16().toString('utf16le'));
  }
  return out;
}

/** The face of a font file (a .ttc holds several) whose family name contains `prefer`, else the first. */
export function openFace(buf: Buffer, prefer: string): Face {
  if (buf.toString('latin1', 0, 4) !== 'ttcf') return faceAt(buf, 0);
  const faces = Array.from({ length: buf.readUInt32BE(8) }, (_, i) => faceAt(buf, buf.readUInt32BE(12 + i * 4)));
  return faces.find((f) => familyNames(f).some((n) => n.includes(prefer))) ?? faces[0];
}

/** code point -> glyph id, from the best Unicode subtable (format 12, else format 4). */
export function unicodeLookup(face: Face): (cp: number) => number {
  const cmap = table(face, 'cmap');
  const n = cmap.readUInt16BE(2);
  let f12 = -1;
  let f4 = -1;
  for (let i = 0; i < n; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const off = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(off);
    if (format === 12 && (platform === 3 || platform === 0)) f12 = off;
    if (format === 4 && ((platform === 3 && encoding === 1) || platform === 0)) f4 = off;
  }
  if (f12 >= 0) {
    const groups = cmap.readUInt32BE(f12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = f12 + 16 + mid * 12;
        const start = cmap.readUInt32BE(g);
        const end = cmap.readUInt32BE(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return cmap.readUInt32BE(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (f4 < 0) throw new Error('字体没有 Unicode 字符映射');
  const segX2 = cmap.readUInt16BE(f4 + 6);
  const ends = f4 + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      if (cmap.readUInt16BE(ends + s) < cp) continue;
      const start = cmap.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const rangeOffset = cmap.readUInt16BE(ranges + s);
      if (rangeOffset === 0) return (cp + cmap.readInt16BE(deltas + s)) & 0xffff;
      const glyph = cmap.readUInt16BE(ranges + s + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + cmap.readInt16BE(deltas + s)) & 0xffff;
    }
    return 0;
  };
}

/** Advance width of a glyph (hmtx repeats the last advance for the glyphs after numberOfHMetrics). */
export function advanceLookup(face: Face): (gid: number) => number {
  const hmtx = table(face, 'hmtx');
  const metrics = table(face, 'hhea').readUInt16BE(34);
  return (gid) => hmtx.readUInt16BE(Math.min(gid, metrics - 1) * 4);
}
