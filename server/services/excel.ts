import type ExcelJS from 'exceljs';

/** exceljs takes ≈ 0.4 s and 30 MB to load: only a server that reads or writes a spreadsheet pays for it, once. */
let excel: Promise<typeof ExcelJS> | null = null;
export const loadExcel = () => (excel ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
