import { formatTimestamp } from '../db/time';

/**
 * An import's preview (question_imports, account_imports: the parsed rows, and for accounts the generated initial
 * passwords the administrator hands out) lives this long after upload: past it, it is neither shown nor confirmed,
 * and housekeeping deletes it.
 */
export const IMPORT_PREVIEW_HOURS = 24;

/** Previews created before this stored time have expired. */
export const previewCutoff = (at: Date = new Date()) => formatTimestamp(new Date(at.getTime() - IMPORT_PREVIEW_HOURS * 3600_000));
