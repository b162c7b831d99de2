import { Badge } from '@mantine/core';
import { useAfterFirstPaint } from '../../engine';
import { useUnread } from './unread';

/** Unread teacher messages, next to 我的消息 in the user menu. */
export function UnreadBadge() {
  const { chat } = useUnread();
  return chat > 0 ? <Badge size="xs" color="red" circle data-testid="chat-unread-count">{chat > 99 ? '99+' : chat}</Badge> : null;
}

/** A dot on the user button while anything (messages or notifications) is unread; its read waits for the first paint. */
export function UnreadDot() {
  return useAfterFirstPaint() ? <UnreadDotNow /> : null;
}

function UnreadDotNow() {
  const { chat, notice } = useUnread();
  return chat + notice > 0 ? <span className="unread-dot" data-testid="unread-dot" role="img" aria-label="有未读消息" /> : null;
}
