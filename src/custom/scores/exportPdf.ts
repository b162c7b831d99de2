// The score detail as an A4 PDF with real (selectable) Chinese text. Loaded only when the export button is
// pressed: jsPDF and this file are a separate chunk. The font is a subset of the server's CJK font holding just
// the characters of this document (score/pdf_font), so the file stays small.
import { jsPDF } from 'jspdf';
import { api } from '../../engine';
import { formatDuration, thresholdColor } from '../../renderers';
import type { DetailView } from './figures';
import type { ScoreDetailProps } from './score-detail.schema.gen';
import type { ScoreRecord } from './types';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const BOTTOM = A4.height - MARGIN - 20;
const LINE = 1.45;
/** Characters the layout itself writes (separators, page numbers) besides the record's and the labels' text. */
const LITERALS = '：· /第页共—%0123456789.';
/** Images are re-encoded as JPEG at most this wide, so a photo-heavy record stays a small file. */
const IMAGE_MAX_PX = 1200;
const MANTINE: Record<string, string> = { red: '#fa5252', blue: '#228be6', cyan: '#15aabf', green: '#40c057', orange: '#fd7e14', gray: '#868e96' };

export interface PdfInput {
  record: ScoreRecord;
  view: DetailView;
  heading: string;
  labels: ScoreDetailProps['labels'];
  colors: ScoreDetailProps['colors'];
  title: string;
  fileName: string;
  showFirstModule: boolean;
  /** Who the transcript belongs to (name, student number, class, school), already filled in from the profile. */
  owner: { label: string; value: string }[];
  exportedAt: { label: string; value: string } | null;
}

async function loadFont(doc: jsPDF, text: string): Promise<void> {
  const font = await api.call<{ family: string; base64: string }>('score/pdf_font', { text });
  doc.addFileToVFS('cjk-subset.ttf', atob(font.base64));
  doc.addFont('cjk-subset.ttf', 'cjk', 'normal');
  doc.setFont('cjk', 'normal');
}

/** An image URL as a JPEG data URL through a canvas (jsPDF cannot embed SVG). */
function rasterise(src: string): Promise<{ data: string; width: number; height: number } | null> {
  return new Promise((done) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const canvas = document.createElement('canvas');
      const scale = Math.min(1, IMAGE_MAX_PX / (img.naturalWidth || IMAGE_MAX_PX));
      canvas.width = Math.round((img.naturalWidth || 800) * scale);
      canvas.height = Math.round((img.naturalHeight || 600) * scale);
      const ctx = canvas.getContext('2d');
      if (!ctx) return done(null);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      try {
        done({ data: canvas.toDataURL('image/jpeg', 0.85), width: canvas.width, height: canvas.height });
      } catch {
        done(null);
      }
    };
    img.onerror = () => done(null);
    img.src = src;
  });
}

export async function exportScorePdf(input: PdfInput): Promise<void> {
  const { record, view, labels } = input;
  const doc = new jsPDF({ unit: 'pt', format: [A4.width, A4.height], orientation: 'portrait' });
  await loadFont(doc, [JSON.stringify(record), JSON.stringify(labels), JSON.stringify(input.owner), JSON.stringify(input.exportedAt), input.title, input.heading, formatDuration(3661), LITERALS].join(''));
  const width = A4.width - MARGIN * 2;
  let y = MARGIN;
  const ensure = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage([A4.width, A4.height], 'portrait');
      y = MARGIN;
      return true;
    }
    return false;
  };
  const paragraph = (text: string, size: number, color = '#212529') => {
    doc.setFontSize(size);
    doc.setTextColor(color);
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      ensure(size * LINE);
      doc.text(line, MARGIN, y + size);
      y += size * LINE;
    }
  };

  doc.setFontSize(18);
  doc.text(input.heading || input.title, A4.width / 2, y + 18, { align: 'center' });
  y += 18 * 2;
  if (input.owner.length) paragraph(input.owner.map((f) => `${f.label}：${f.value}`).join('    '), 10.5, '#495057');
  if (input.exportedAt) paragraph(`${input.exportedAt.label}：${input.exportedAt.value}`, 10.5, '#495057');
  if (input.owner.length || input.exportedAt) y += 6;
  paragraph(record.learn_name, 14);
  y += 4;
  const info: [string, string][] = [
    [labels.trainedAt, record.created_at],
    [labels.timeUsed, formatDuration(record.total_time)],
    [labels.module, [record.subhead, record.subtitle].filter(Boolean).join(' · ')],
  ];
  if (input.showFirstModule) info.push([labels.firstModuleTime, formatDuration(record.first_module_time)]);
  for (const [label, value] of info) paragraph(`${label}：${value}`, 11);
  const color = thresholdColor(input.colors, record.total_score) ?? 'gray';
  paragraph(`${labels.score}：${record.total_score}`, 14, MANTINE[color] ?? color);
  if (record.evaluate) paragraph(`${labels.evaluate}：${record.evaluate}`, 11);
  if (record.mistake) paragraph(`${labels.mistake}：${record.mistake}`, 11);
  y += 10;
  paragraph(labels.detail, 13);
  y += 4;

  if (view.kind === 'table') drawTable(doc, view, width, () => y, (v) => (y = v), ensure);
  else if (view.kind === 'images') {
    for (const src of view.images) {
      const image = await rasterise(src);
      if (!image) { paragraph(src, 10); continue; }
      const w = Math.min(width, image.width);
      const h = (w / image.width) * image.height;
      ensure(h + 8);
      doc.addImage(image.data, 'JPEG', MARGIN, y, w, h);
      y += h + 8;
    }
  } else paragraph(labels.empty, 11, '#868e96');

  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFontSize(9);
    doc.setTextColor('#868e96');
    doc.text(`第 ${p} / ${pages} 页`, A4.width / 2, A4.height - MARGIN / 2, { align: 'center' });
  }
  doc.save(input.fileName);
}

/** Rows never split across pages: a row that does not fit starts a new page, which repeats the header. */
function drawTable(doc: jsPDF, view: Extract<DetailView, { kind: 'table' }>, width: number, getY: () => number, setY: (y: number) => void, ensure: (h: number) => boolean) {
  const size = 10;
  const pad = 5;
  doc.setFontSize(size);
  const natural = view.header.map((h, c) => Math.max(doc.getTextWidth(h), ...view.rows.map((r) => doc.getTextWidth(r[c] ?? ''))) + pad * 2);
  const total = natural.reduce((a, b) => a + b, 0);
  const widths = natural.map((w) => (w / total) * width);
  const lines = (row: string[]) => row.map((cell, c) => doc.splitTextToSize(cell ?? '', widths[c] - pad * 2) as string[]);
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((l) => l.length)) * size * LINE + pad * 2;

  const drawRow = (row: string[], header: boolean) => {
    const cells = lines(row);
    const h = heightOf(cells);
    let x = MARGIN;
    const y = getY();
    cells.forEach((cellLines, c) => {
      if (header) { doc.setFillColor('#f1f3f5'); doc.rect(x, y, widths[c], h, 'F'); }
      doc.setDrawColor('#ced4da');
      doc.rect(x, y, widths[c], h);
      doc.setTextColor('#212529');
      cellLines.forEach((text, i) => doc.text(text, x + pad, y + pad + size * (i + 1) * LINE - size * (LINE - 1)));
      x += widths[c];
    });
    setY(y + h);
  };

  doc.setFontSize(size);
  ensure(heightOf(lines(view.header)) * 2);
  drawRow(view.header, true);
  for (const row of view.rows) {
    doc.setFontSize(size);
    if (ensure(heightOf(lines(row)))) drawRow(view.header, true);
    drawRow(row, false);
  }
}
