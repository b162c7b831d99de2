import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../db';
import { fromNow, now } from '../db/time';
import { refuse } from '../http/errors';
import glyphFile from './captcha-glyphs.json';

/** Spec §5: 4 characters from lowercase letters without g l o q u v, and the digits 0-9. */
export const CAPTCHA_CHARS = 'abcdefhijkmnprstwxyz0123456789';
const LENGTH = 4;
const TTL_SECONDS = 120;
const MAX_ATTEMPTS = 3;

const hashAnswer = (key: string, answer: string) => createHash('sha256').update(`${key}:${answer.toLowerCase()}`).digest('hex');

/** Outlines of CAPTCHA_CHARS in font units (y down, baseline 0), written by scripts/captcha-glyphs.ts. */
const GLYPHS = glyphFile as { unitsPerEm: number; glyphs: Record<string, { advance: number; d: string }> };

/** Answers of issued captchas, kept only when development hooks are on so browser tests can read them. */
const devAnswers = new Map<string, string>();
export const peekCaptcha = (key: string) => devAnswers.get(key);

/**
 * A noisy SVG: each character drawn as its outline (scripts/captcha-glyphs.ts), rotated, scaled and shifted,
 * with lines and dots over them. There is no text in the image to read the answer from.
 */
export function captchaSvg(code: string, width = 110, height = 36): string {
  const r = (min: number, max: number) => min + (randomInt(0, 10000) / 10000) * (max - min);
  const hue = (min: number, max: number, s: number, l: number) => `hsl(${r(min, max).toFixed(0)},${s}%,${l}%)`;
  const parts: string[] = [`<rect width="${width}" height="${height}" fill="#f1f4f9"/>`];
  const line = () => `<line x1="${r(0, width).toFixed(1)}" y1="${r(0, height).toFixed(1)}" x2="${r(0, width).toFixed(1)}" y2="${r(0, height).toFixed(1)}" stroke="${hue(0, 360, 55, 65)}"/>`;
  for (let i = 0; i < 3; i++) parts.push(line());
  [...code].forEach((ch, i) => {
    const glyph = GLYPHS.glyphs[ch];
    const scale = (height * r(0.6, 0.72)) / GLYPHS.unitsPerEm;
    const x = (width / (code.length + 1)) * (i + 0.55) + r(-2, 2);
    const y = height * r(0.68, 0.76); // room for the descenders of j, p, y
    const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${r(-22, 22).toFixed(1)}) skewX(${r(-12, 12).toFixed(1)}) scale(${scale.toFixed(4)})`;
    parts.push(`<path d="${glyph.d}" fill="${hue(190, 260, 60, 35)}" transform="${transform}"/>`);
  });
  for (let i = 0; i < 2; i++) parts.push(line());
  for (let i = 0; i < 30; i++) parts.push(`<circle cx="${r(0, width).toFixed(1)}" cy="${r(0, height).toFixed(1)}" r="0.8" fill="${hue(0, 360, 50, 60)}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export async function issueCaptcha(db: Db, opts: { dev: boolean }): Promise<{ key: string; img: string }> {
  const key = randomBytes(16).toString('hex');
  const code = Array.from({ length: LENGTH }, () => CAPTCHA_CHARS[randomInt(0, CAPTCHA_CHARS.length)]).join('');
  await db.insertInto('captchas').values({ key, answer_hash: hashAnswer(key, code), expires_at: fromNow(TTL_SECONDS) }).execute();
  if (opts.dev) devAnswers.set(key, code);
  const img = `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`;
  return { key, img };
}

/**
 * Checks an image code and uses it up: one captcha answers one attempt, right or wrong,
 * so a client must fetch a new image after every try.
 */
export async function consumeCaptcha(db: Db, key: string | undefined, code: string | undefined): Promise<void> {
  if (!key || !code) throw refuse('请输入验证码');
  // One statement uses the code up and reads its answer: two requests racing with one code cannot both get it.
  const row = await db
    .updateTable('captchas')
    .set((eb) => ({ used_at: now(), attempts: eb('attempts', '+', 1) }))
    .where('key', '=', key)
    .where('used_at', 'is', null)
    .where('expires_at', '>=', now())
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning('answer_hash')
    .executeTakeFirst();
  devAnswers.delete(key);
  if (!row) throw refuse('验证码已失效，请刷新后重试');
  if (row.answer_hash !== hashAnswer(key, code.trim())) throw refuse('验证码不正确');
}
