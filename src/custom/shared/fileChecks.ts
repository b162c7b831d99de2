/** What a student is told about a refused file (spec §5 wording lives in each screen's YAML). */
export interface FileMessages {
  bmp: string;
  tooBig: string;
  wrongType: string;
  notDocx: string;
}

export type Accept = 'image' | 'docx';

/**
 * The browser's first look at a chosen file (spec §5), so a student hears about a wrong file before it is sent.
 * Shared by every upload (homework photos and documents, the avatar).
 * The server checks the content again; this only reads the start of the file.
 */
export async function checkFile(file: File, accept: Accept, maxBytes: number, messages: FileMessages): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const isBmp = head[0] === 0x42 && head[1] === 0x4d;
  const isJpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const isPng = head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47;
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  // In the spec's order: BMP first, then the size, then anything else that is not the accepted kind.
  if (accept === 'image' && (isBmp || /\.bmp$/i.test(file.name) || file.type === 'image/bmp')) return messages.bmp;
  if (file.size >= maxBytes) return messages.tooBig;
  if (accept === 'image') return isJpeg || isPng ? null : messages.wrongType;
  return isZip && /\.docx$/i.test(file.name) ? null : messages.notDocx;
}

export const acceptAttr = (accept: Accept) =>
  accept === 'image' ? '.jpg,.jpeg,.png,image/jpeg,image/png' : '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
