import type { WorkMessages } from './types';

export type Accept = 'image' | 'docx';

/**
 * The browser's first look at a chosen file (spec §5), so a student hears about a wrong file before it is sent.
 * The server checks the content again; this only reads the start of the file.
 */
export async function checkFile(file: File, accept: Accept, maxBytes: number, messages: WorkMessages): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const isBmp = head[0] === 0x42 && head[1] === 0x4d;
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isPng = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (accept === 'image') {
    if (isBmp || /\.bmp$/i.test(file.name) || file.type === 'image/bmp') return messages.bmp;
    if (!isJpeg && !isPng) return messages.wrongType;
  } else if (!isZip || !/\.docx$/i.test(file.name)) {
    return messages.notDocx;
  }
  if (file.size >= maxBytes) return messages.tooBig;
  return null;
}

export const acceptAttr = (accept: Accept) =>
  accept === 'image' ? '.jpg,.jpeg,.png,image/jpeg,image/png' : '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
