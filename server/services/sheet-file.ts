import type ExcelJS from 'exceljs';
import { invalid } from '../http/errors';
import { detectFileType, isOleFile, isZipContainer } from './file-type';
import { unpackedSize } from './question-import';

/**
 * An uploaded table, .xlsx or .csv, told apart by its content (never by its name): the cells of its first sheet as
 * trimmed text, row by row (row 1 = the header). Refusals are 422 with a Chinese message, never a 500.
 */
export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_SHEET_UNPACKED = 30 * 1024 * 1024;

export const SHEET_MESSAGES = {
  noFile: '请选择要导入的文件（.xlsx 或 .csv）',
  tooBig: `文件过大：导入文件最大 ${MAX_SHEET_BYTES / 1024 / 1024} MB`,
  xls: '不支持旧版 .xls 文件：请在 Excel 中另存为 .xlsx 或 .csv，或使用下载的模板',
  notSheet: '文件不是 Excel（.xlsx）或 CSV 文件，请使用下载的模板',
  unreadable: '无法读取该文件，请使用下载的模板重新填写',
  unpacked: '文件内容过大（解压后超过 30 MB），请分成几个文件导入',
} as const;

/** CSV text: UTF-8 (with or without BOM), else GB18030 (what Excel writes on a Chinese Windows); null when binary. */
function csvText(data: Buffer): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(data);
    } catch {
      return null;
    }
  }
}

/** RFC 4180 fields: quotes around a field may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') { row.push(cell.trim()); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell.trim()); rows.push(row); }
  return rows;
}

export async function readSheet(Excel: typeof ExcelJS, data: Buffer): Promise<string[][]> {
  if (data.length === 0) throw invalid('file', SHEET_MESSAGES.noFile);
  const type = await detectFileType(data);
  if (isOleFile(type?.ext)) throw invalid('file', SHEET_MESSAGES.xls);
  if (!isZipContainer(type?.ext)) {
    const text = csvText(data);
    if (text === null) throw invalid('file', SHEET_MESSAGES.notSheet);
    return parseCsv(text);
  }
  const unpacked = unpackedSize(data);
  if (unpacked === null) throw invalid('file', SHEET_MESSAGES.unreadable);
  if (unpacked > MAX_SHEET_UNPACKED) throw invalid('file', SHEET_MESSAGES.unpacked);
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', SHEET_MESSAGES.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid('file', SHEET_MESSAGES.unreadable);
  const rows: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      const value = cell.value as unknown;
      cells.push(value && typeof value === 'object' && 'result' in value ? String((value as { result: unknown }).result ?? '').trim() : (cell.text ?? '').trim());
    }
    rows.push(cells);
  }
  return rows;
}
