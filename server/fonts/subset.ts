// A TrueType subset of the system's CJK font holding exactly the characters a PDF needs, so jsPDF can write
// Chinese as real (selectable, extractable) text without downloading a 20 MB font.
import fs from 'node:fs';
import { parseCff, type CffFont } from './cff';
import { advanceLookup, openFace, table, unicodeLookup, type Face } from './sfnt';
import { toTrueType, writeTrueType, type TtGlyph } from './truetype';

export const DEFAULT_FONT_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

interface LoadedFont {
  face: Face;
  cff: CffFont;
  glyphOf: (cp: number) => number;
  advanceOf: (gid: number) => number;
  glyphs: Map<number, TtGlyph>;
}

const loaded = new Map<string, LoadedFont>();

function load(path: string): LoadedFont {
  let font = loaded.get(path);
  if (!font) {
    const face = openFace(fs.readFileSync(path), ' SC');
    font = { face, cff: parseCff(table(face, 'CFF ')), glyphOf: unicodeLookup(face), advanceOf: advanceLookup(face), glyphs: new Map() };
    loaded.set(path, font);
  }
  return font;
}

/** The font file a subset is cut from: PDF_FONT_PATH, else Noto Sans CJK SC; null when neither exists. */
export function fontPath(): string | null {
  const path = process.env.PDF_FONT_PATH || DEFAULT_FONT_PATH;
  return fs.existsSync(path) ? path : null;
}

/** TrueType bytes covering the distinct characters of `text` (characters the font lacks are left out). */
export function subsetFont(path: string, text: string): { font: Buffer; missing: string[] } {
  const f = load(path);
  const outline = (gid: number) => {
    let g = f.glyphs.get(gid);
    if (!g) {
      g = toTrueType(f.cff.outline(gid), f.advanceOf(gid));
      f.glyphs.set(gid, g);
    }
    return g;
  };
  const glyphs: TtGlyph[] = [outline(0)];
  const map: [number, number][] = [];
  const missing: string[] = [];
  const newId = new Map<number, number>();
  for (const ch of new Set(Array.from(text))) {
    const cp = ch.codePointAt(0)!;
    const gid = f.glyphOf(cp);
    if (gid === 0 || gid >= f.cff.glyphCount || cp > 0xfffe) {
      if (cp > 0x20) missing.push(ch);
      continue;
    }
    if (!newId.has(gid)) {
      newId.set(gid, glyphs.length);
      glyphs.push(outline(gid));
    }
    map.push([cp, newId.get(gid)!]);
  }
  const src = { head: table(f.face, 'head'), hhea: table(f.face, 'hhea'), os2: table(f.face, 'OS/2'), name: table(f.face, 'name') };
  return { font: writeTrueType(glyphs, map, src), missing };
}
