import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a phone's scanner reads from a QR code given as a PNG data URL; null when no code is found. */
export function readQrDataUrl(dataUrl: string): string | null {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  if (!match) return null;
  const png = PNG.sync.read(Buffer.from(match[1], 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
