import type { AppConfig } from '../../shared/config-types';
import type { LimitRule } from './rateLimit';

const MB = 1024 * 1024;

/** Limits of the upload calls (common/upload_*); operators override them in config/app.yaml under limits.uploads. */
export interface UploadLimits {
  /** Uploads per user (student or teacher) and window; the one over the limit blocks the user for blockSeconds. */
  perUser: LimitRule;
  /** Total bytes of a user's uploads that no record uses yet (not handed in, not an avatar); more is refused. */
  quotaBytes: number;
  /** An upload no record uses is removed (row and file) by the housekeeping job this many hours after it was made. */
  orphanGraceHours: number;
}

/**
 * A piece of work takes at most 9 photos and one attachment, each under 2 MB (≈ 20 MB); 60 uploads an hour and
 * 40 MB not yet handed in leave room for two pieces of work in progress with every photo taken twice, while one
 * account can no longer fill the disk (the review stored 25 × 1.9 MB in seconds). A day's grace lets a student
 * upload in the evening and hand in the next morning.
 */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  perUser: { limit: 60, windowSeconds: 3600, blockSeconds: 600 },
  quotaBytes: 40 * MB,
  orphanGraceHours: 24,
};

/** The YAML overrides (schema-checked) over the defaults. */
export function uploadLimits(app: AppConfig | undefined): UploadLimits {
  return { ...DEFAULT_UPLOAD_LIMITS, ...app?.limits?.uploads };
}

/** "40 MB", "1.5 MB", "800 KB": a size as a message shows it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
