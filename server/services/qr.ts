import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
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
 * Development provider: a real QR code whose text is the scene id, so a phone's scanner can read it; the phone side
 * (a second tab, a test, or a person with the id) confirms the scene with `user/qr_confirm` while logged in. A
 * WeChat implementation would return the official-account QR ticket image here and confirm the scene from its event
 * callback.
 */
export class DevScanProvider implements ScanProvider {
  readonly name = 'dev';
  async qrImage(sceneId: string): Promise<string> {
    // 200 px square as the login panel shows it; error correction M survives a phone camera's glare.
    return QRCode.toDataURL(sceneId, { errorCorrectionLevel: 'M', margin: 2, width: 200 });
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
