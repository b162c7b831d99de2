/** The login image code: 4 characters from lowercase letters without g l o q u v, and the digits 0-9 (spec §5). */
export const CAPTCHA_CHARS = 'abcdefhijkmnprstwxyz0123456789';

export function randomCode(length = 4, chars = CAPTCHA_CHARS): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => chars[b % chars.length]).join('');
}

/** Draws the code with noise lines and dots so it is readable by people rather than copied as text. */
export function drawCaptcha(canvas: HTMLCanvasElement, code: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  const rand = (min: number, max: number) => min + Math.random() * (max - min);
  ctx.fillStyle = '#f1f4f9';
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 4; i++) {
    ctx.strokeStyle = `hsl(${rand(0, 360)},55%,65%)`;
    ctx.beginPath();
    ctx.moveTo(rand(0, width), rand(0, height));
    ctx.lineTo(rand(0, width), rand(0, height));
    ctx.stroke();
  }
  [...code].forEach((ch, i) => {
    ctx.save();
    ctx.font = `bold ${Math.round(height * 0.62)}px sans-serif`;
    ctx.fillStyle = `hsl(${rand(190, 260)},60%,35%)`;
    ctx.translate((width / (code.length + 1)) * (i + 0.7), height * 0.72);
    ctx.rotate(rand(-0.35, 0.35));
    ctx.fillText(ch, 0, 0);
    ctx.restore();
  });
  for (let i = 0; i < 30; i++) {
    ctx.fillStyle = `hsl(${rand(0, 360)},50%,60%)`;
    ctx.fillRect(rand(0, width), rand(0, height), 1.5, 1.5);
  }
}
