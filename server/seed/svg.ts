import type { Glyph } from './data/catalogue';

/** Deterministic SVG artwork for seed data: course thumbnails, gallery scenes, avatars and school logos. */
const FONT = "'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Glyphs drawn in a 100x100 box centred on the origin, white on the gradient. */
const GLYPHS: Record<Glyph, string> = {
  tooth:
    '<path d="M-30 -38C-48 -38-52-16-46 6C-41 26-36 46-24 46C-13 46-14 20 0 20C14 20 13 46 24 46C36 46 41 26 46 6C52-16 48-38 30-38C16-38 10-30 0-30C-10-30-16-38-30-38Z"/>',
  implant:
    '<path d="M-28 -46C-42 -46-44-30-38-18L38-18C44-30 42-46 28-46C16-46 10-40 0-40C-10-40-16-46-28-46Z"/>' +
    '<rect x="-9" y="-12" width="18" height="58" rx="4"/>' +
    '<path d="M-16 0H16M-16 12H16M-14 24H14M-12 36H12" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
  heart:
    '<path d="M0 40C-40 12-50-8-44-24C-38-42-12-44 0-24C12-44 38-42 44-24C50-8 40 12 0 40Z" fill-opacity="0.55"/>' +
    '<path d="M-50 2H-22L-12-20L2 26L12-6L20 2H50" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>',
  needle:
    '<g transform="rotate(-40)"><rect x="-14" y="-30" width="28" height="56" rx="4"/>' +
    '<rect x="-20" y="-38" width="40" height="8" rx="3"/><rect x="-4" y="-52" width="8" height="16"/>' +
    '<rect x="-14" y="-56" width="28" height="6" rx="3"/><path d="M0 26V54" stroke="#fff" stroke-width="3"/></g>',
  scalpel:
    '<g transform="rotate(-35)"><rect x="-6" y="-8" width="12" height="58" rx="5"/>' +
    '<path d="M-6-8C-8-30-2-50 10-56C8-40 8-22 6-8Z"/></g>',
  exam:
    '<rect x="-34" y="-44" width="68" height="88" rx="8" fill-opacity="0.9"/>' +
    '<rect x="-16" y="-50" width="32" height="14" rx="5"/>' +
    '<path d="M-20-14L-12-6L2-22M-20 14L-12 22L2 6M8-14H22M8 14H22" fill="none" stroke-width="6" stroke-linecap="round" stroke-linejoin="round" class="ink"/>',
  nurse:
    '<circle r="46" fill-opacity="0.35"/><path d="M-12-34H12V-12H34V12H12V34H-12V12H-34V-12H-12Z"/>',
  scan:
    '<rect x="-44" y="-36" width="88" height="72" rx="10" fill="none" stroke="#fff" stroke-width="6"/>' +
    '<circle r="20" fill-opacity="0.6"/><circle r="8"/>',
};

function glyph(kind: Glyph, ink: string): string {
  return GLYPHS[kind].replace('class="ink"', `stroke="${ink}"`);
}

function gradient(id: string, hue: number): string {
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hslToHex(hue, 68, 56)}"/>` +
    `<stop offset="1" stop-color="${hslToHex(hue + 28, 62, 32)}"/></linearGradient></defs>`
  );
}

/**
 * A course cover: the category's colour and glyph, no text (the card prints the course name under it; text baked into
 * a cover repeats it, and cannot be read at card size). `name` and `label` vary the pattern so covers differ.
 */
export function courseThumbnail(opts: { name: string; label: string; hue: number; glyph: Glyph }): string {
  let h = 0;
  for (const ch of opts.name + opts.label) h = (h * 31 + ch.codePointAt(0)!) % 997;
  const cx = 300 + (h % 120);
  const cy = 30 + (h % 60);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300" viewBox="0 0 480 300">` +
    gradient('g', opts.hue) +
    `<rect width="480" height="300" fill="url(#g)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="140" fill="#fff" fill-opacity="0.08"/>` +
    `<circle cx="${60 + (h % 80)}" cy="300" r="100" fill="#fff" fill-opacity="0.06"/>` +
    `<ellipse cx="240" cy="250" rx="120" ry="16" fill="#000" fill-opacity="0.10"/>` +
    `<g transform="translate(240 145) scale(1.9)" fill="#fff" fill-opacity="0.92">${glyph(opts.glyph, hslToHex(opts.hue, 60, 40))}</g></svg>\n`
  );
}

export function galleryScene(opts: { title: string; caption: string; hue: number; glyph: Glyph }): string {
  const grid = Array.from({ length: 9 }, (_, i) => `M${i * 100} 0V450`).join('') +
    Array.from({ length: 5 }, (_, i) => `M0 ${i * 100}H800`).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
    gradient('s', opts.hue) +
    `<rect width="800" height="450" fill="url(#s)"/>` +
    `<path d="${grid}" stroke="#fff" stroke-opacity="0.08" stroke-width="1"/>` +
    `<ellipse cx="520" cy="380" rx="240" ry="40" fill="#000" fill-opacity="0.12"/>` +
    `<g transform="translate(520 220) scale(2.6)" fill="#fff" fill-opacity="0.9">${glyph(opts.glyph, hslToHex(opts.hue, 60, 40))}</g>` +
    `<g fill="#fff" font-family="${FONT}"><text x="48" y="80" font-size="36" font-weight="700">${escapeXml(opts.title)}</text>` +
    `<text x="48" y="122" font-size="20" fill-opacity="0.85">${escapeXml(opts.caption)}</text></g></svg>\n`
  );
}

export function avatar(hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<circle cx="60" cy="60" r="60" fill="${hslToHex(hue, 55, 62)}"/>` +
    `<circle cx="60" cy="48" r="22" fill="#fff" fill-opacity="0.95"/>` +
    `<path d="M20 106C24 82 40 72 60 72C80 72 96 82 100 106C88 116 74 120 60 120C46 120 32 116 20 106Z" fill="#fff" fill-opacity="0.95"/></svg>\n`
  );
}

export function schoolLogo(opts: { name: string; hue: number }): string {
  const color = hslToHex(opts.hue, 65, 38);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="64" viewBox="0 0 320 64">` +
    `<circle cx="32" cy="32" r="28" fill="none" stroke="${color}" stroke-width="4"/>` +
    `<circle cx="32" cy="32" r="20" fill="${color}"/>` +
    `<text x="32" y="40" text-anchor="middle" font-size="22" font-weight="700" fill="#fff" font-family="${FONT}">${escapeXml(opts.name[0])}</text>` +
    `<text x="72" y="41" font-size="24" font-weight="700" fill="${color}" font-family="${FONT}">${escapeXml(opts.name)}</text></svg>\n`
  );
}
