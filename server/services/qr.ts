import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { fromNow, now } from '../db/time';
import { refuse } from '../http/errors';

/** Scan login: the desktop shows a QR code for a scene; a phone that is logged in confirms it. */
export interface ScanProvider {
  readonly name: string;
  /** The image (data URL) the desktop shows for a scene. */
  qrImage(sceneId: string): Promise<string>;
}

/**
 * Development provider: the image shows the scene id; a second tab, or a test, confirms the scene with
 * `user/qr_confirm` while logged in. A WeChat implementation would return the official-account QR ticket
 * image here and confirm the scene from its event callback.
 */
export class DevScanProvider implements ScanProvider {
  readonly name = 'dev';
  async qrImage(sceneId: string): Promise<string> {
    const cells: string[] = [];
    // A deterministic pattern from the scene id, only so the placeholder looks like a code.
    const bits = Buffer.from(sceneId, 'hex');
    for (let y = 0; y < 21; y++) {
      for (let x = 0; x < 21; x++) {
        const finder = (x < 7 && y < 7) || (x > 13 && y < 7) || (x < 7 && y > 13);
        const on = finder ? x % 6 === 0 || y % 6 === 0 || (x % 7 > 1 && x % 7 < 5 && y % 7 > 1 && y % 7 < 5) || (x > 13 && (x === 14 || x === 20)) || (y > 13 && (y === 14 || y === 20)) : (bits[(y * 21 + x) % bits.length] >> ((x + y) % 8)) & 1;
        if (on) cells.push(`<rect x="${x * 8 + 16}" y="${y * 8 + 16}" width="8" height="8"/>`);
      }
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="214" viewBox="0 0 200 214"><rect width="200" height="214" fill="#fff"/><g fill="#111">${cells.join('')}</g><text x="100" y="208" font-size="9" text-anchor="middle" fill="#666" font-family="monospace">${sceneId.slice(0, 12)}</text></svg>`;
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }
}

export const SCENE_SECONDS = 180;

export async function createScene(db: Db, provider: ScanProvider): Promise<{ sceneId: string; qrCodeUrl: string; expiresIn: number }> {
  const sceneId = randomBytes(16).toString('hex');
  await db.insertInto('qr_scenes').values({ scene_id: sceneId, expires_at: fromNow(SCENE_SECONDS) }).execute();
  return { sceneId, qrCodeUrl: await provider.qrImage(sceneId), expiresIn: SCENE_SECONDS };
}

/** Marks a waiting scene as confirmed by a logged-in user (the phone side). */
export async function confirmScene(db: Db, sceneId: string, userId: number): Promise<void> {
  const scene = await db.selectFrom('qr_scenes').selectAll().where('scene_id', '=', sceneId).executeTakeFirst();
  if (!scene || scene.expires_at < now()) throw refuse('二维码已过期，请刷新后重新扫码');
  if (scene.status >= 2) throw refuse('二维码已被使用');
  await db.updateTable('qr_scenes').set({ status: 2, user_id: userId }).where('id', '=', scene.id).execute();
}

/** The user of a confirmed scene, consuming it; refusals say why the desktop must keep waiting or retry. */
export async function takeConfirmedScene(db: Db, sceneId: string): Promise<number> {
  const scene = await db.selectFrom('qr_scenes').selectAll().where('scene_id', '=', sceneId).executeTakeFirst();
  if (!scene) throw refuse('二维码不存在');
  if (scene.status === 3) throw refuse('二维码已被使用');
  if (scene.expires_at < now()) throw refuse('二维码已过期');
  if (scene.status !== 2 || !scene.user_id) throw refuse('等待扫码');
  const taken = await db.updateTable('qr_scenes').set({ status: 3 }).where('id', '=', scene.id).where('status', '=', 2).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw refuse('二维码已被使用');
  return scene.user_id;
}
