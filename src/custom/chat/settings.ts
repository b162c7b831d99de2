import type { SiteConfig } from '../../engine';

/** The chat's settings from config/app.yaml (`polling.chat`, `polling.unread` in ms; `limits.messageLength`). */
export function chatSettings(config: SiteConfig | null) {
  const app = (config?.app ?? {}) as { polling?: Record<string, unknown>; limits?: Record<string, unknown> };
  const num = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return {
    chatPollMs: num(app.polling?.chat, 3000),
    unreadPollMs: num(app.polling?.unread, 10000),
    maxLength: num(app.limits?.messageLength, 500),
  };
}
