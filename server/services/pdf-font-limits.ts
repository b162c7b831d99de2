import type { AppConfig } from '../../shared/config-types';
import type { LimitRule } from './rateLimit';

/** Limits of score/pdf_font; operators override them in config/app.yaml under limits.pdfFont (per school if needed). */
export interface PdfFontLimits {
  /** Distinct characters one request may ask for (a score detail has a few hundred). */
  maxChars: number;
  /** Requests per student and window; the one over the limit blocks the student for blockSeconds. */
  perUser: LimitRule;
}

export const DEFAULT_PDF_FONT_LIMITS: PdfFontLimits = {
  maxChars: 3000,
  perUser: { limit: 20, windowSeconds: 600, blockSeconds: 600 },
};

/** The YAML overrides (schema-checked) over the defaults. */
export function pdfFontLimits(app: AppConfig | undefined): PdfFontLimits {
  return { ...DEFAULT_PDF_FONT_LIMITS, ...app?.limits?.pdfFont };
}
