import { Avatar, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from './types';
import type { Partner } from './useChat';

const ChatIcon = () => (
  <svg width={64} height={64} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M4 5h16v11H9l-5 4z" /><path d="M8 9.5h8" /><path d="M8 12.5h5" />
  </svg>
);

/**
 * Right column of 我的消息: the history, scrolled to the newest message. Text is rendered as text (React escapes
 * it), never as HTML.
 */
export function ChatHistory({ partner, messages, loading }: { partner: Partner | null; messages: ChatMessage[]; loading: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [messages, loading]);

  if (!partner) {
    return (
      <div className="chat-history chat-history--empty" data-testid="chat-placeholder">
        <ChatIcon />
        <Text c="dimmed" size="sm">选择左侧的老师查看消息</Text>
      </div>
    );
  }
  return (
    <div className="chat-history" ref={box} data-testid="chat-history" aria-busy={loading || undefined}>
      {loading && <div className="chat-history__loading"><Loader size="sm" /><Text size="sm" c="dimmed">加载中…</Text></div>}
      {!loading && messages.length === 0 && <Text c="dimmed" size="sm" ta="center" py="xl">还没有消息，向{partner.realname}老师提问吧</Text>}
      {messages.map((m) => {
        const mine = m.pending || m.author_id === m.student_id;
        const who = mine ? m.student : m.teacher;
        return (
          <div key={m.id} className="chat-msg" data-mine={mine || undefined} data-testid="chat-message" data-pending={m.pending || undefined}>
            {!mine && <Avatar src={who.head_img || null} radius="xl" size={32} alt={who.realname}>{who.realname.slice(0, 1)}</Avatar>}
            <div className="chat-msg__body">
              {m.created_at && <div className="chat-msg__time">{m.created_at}</div>}
              <div className="chat-msg__bubble" data-testid="chat-message-text">{m.message}</div>
            </div>
            {m.pending && <Loader size={14} data-testid="chat-sending" role="status" aria-label="发送中" />}
          </div>
        );
      })}
    </div>
  );
}
