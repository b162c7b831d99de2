
/**
 * What uploaded bytes are, by their content (the maintained `file-type` detector), never by the client's file name
 * or type: `{ ext, mime }`, or undefined for text and unknown or unreadable content.
 */
export async function detectFileType(data: Uint8Array): Promise<{ ext: string; mime: string } | undefined> {
  try {
    const { fileTypeFromBuffer } = await import('file-type'); // loaded by the first upload, not at every server start
    return await fileTypeFromBuffer(data);
  } catch {
    return undefined; // a malformed container is unknown content, refused by the caller with its own message
  }
}

/** Zip containers a spreadsheet upload may be: an .xlsx, or a zip whose parts the workbook reader then judges. */
export const isZipContainer = (ext: string | undefined) => ext === 'xlsx' || ext === 'zip';

/** The old binary Office format (.xls, .doc): an OLE compound file. */
export const isOleFile = (ext: string | undefined) => ext === 'cfb';
