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

/** The YAML overrides over the defaults (unknown keys ignored). */
export function pdfFontLimits(app: Record<string, unknown> | undefined): PdfFontLimits {
  const given = ((app?.limits as Record<string, unknown> | undefined)?.pdfFont ?? {}) as { maxChars?: unknown; perUser?: unknown };
  const perUser = typeof given.perUser === 'object' && given.perUser ? (given.perUser as Partial<LimitRule>) : {};
  return {
    maxChars: typeof given.maxChars === 'number' ? given.maxChars : DEFAULT_PDF_FONT_LIMITS.maxChars,
    perUser: { ...DEFAULT_PDF_FONT_LIMITS.perUser, ...perUser },
  };
}
