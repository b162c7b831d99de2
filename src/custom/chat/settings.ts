import type { SiteConfig } from '../../engine';

/** The chat's settings from config/app.yaml (`polling.chat`, `polling.unread` in ms; `limits.messageLength`), schema-checked. */
export function chatSettings(config: SiteConfig | null) {
  const app = config?.app;
  return {
    chatPollMs: app?.polling?.chat ?? 3000,
    unreadPollMs: app?.polling?.unread ?? 10000,
    maxLength: app?.limits?.messageLength ?? 500,
  };
}
