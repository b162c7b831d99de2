// Writes server/services/captcha-glyphs.json: the outlines of the captcha characters as SVG path data, so the
// captcha image draws shapes rather than <text> a bot could read from the SVG. Run once when CAPTCHA_CHARS
// changes: npx tsx scripts/captcha-glyphs.ts [font.ttc]  (default: Noto Sans CJK Bold, SIL Open Font License 1.1)
import fs from 'node:fs';
import path from 'node:path';
import { parseCff, type Contour } from '../server/fonts/cff';
import { advanceLookup, openFace, table, unicodeLookup } from '../server/fonts/sfnt';
import { CAPTCHA_CHARS } from '../server/services/captcha';

const fontFile = process.argv[2] ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc';
const face = openFace(fs.readFileSync(fontFile), ' SC');
const cff = parseCff(table(face, 'CFF '));
const glyphOf = unicodeLookup(face);
const advanceOf = advanceLookup(face);

// Font units, y up (1000 per em) -> path units, y down, baseline at 0.
const p = ([x, y]: [number, number]) => `${Math.round(x)} ${Math.round(-y)}`;
const pathData = (contours: Contour[]) =>
  contours
    .map((c) => `M${p(c.start)}${c.segments.map((s) => (s.kind === 'line' ? `L${p(s.to)}` : `C${p(s.c1)} ${p(s.c2)} ${p(s.to)}`)).join('')}Z`)
    .join('');

const glyphs = Object.fromEntries(
  [...CAPTCHA_CHARS].map((ch) => {
    const gid = glyphOf(ch.codePointAt(0)!);
    return [ch, { advance: advanceOf(gid), d: pathData(cff.outline(gid)) }];
  }),
);
const out = path.resolve(import.meta.dirname, '../server/services/captcha-glyphs.json');
fs.writeFileSync(out, `${JSON.stringify({ source: `${path.basename(fontFile)} (SIL Open Font License 1.1)`, unitsPerEm: 1000, glyphs })}\n`);
console.log(`${Object.keys(glyphs).length} glyphs -> ${path.relative(process.cwd(), out)} (${fs.statSync(out).size} bytes)`);
