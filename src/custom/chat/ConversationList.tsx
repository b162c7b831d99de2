import { ActionIcon, Avatar, Center, Loader, ScrollArea, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { LoadFailed } from '../../renderers/ui/ListStatus';
import { isUnread, type Conversation } from './types';
import type { ChatState, Partner } from './useChat';

const TrashIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M4 7h16" /><path d="M9 7V4h6v3" /><path d="M6 7l1 13h10l1-13" />
  </svg>
);

interface Props {
  list: Conversation[];
  status: ChatState['listStatus'];
  partner: Partner | null;
  onSelect(partner: Partner): void;
  onDelete(teacherId: number): void;
}

/** Left column of 我的消息: one row per teacher, with the last message, the unread dot and delete. */
export function ConversationList({ list, status, partner, onSelect, onDelete }: Props) {
  // A teacher asked for the first time has no conversation yet; show them on top while selected.
  const rows = partner && !list.some((c) => c.teacher_id === partner.teacher_id)
    ? [{ teacher_id: partner.teacher_id, teacher: partner, message: '', fresh: true } as const, ...list]
    : list;
  return (
    <ScrollArea className="chat-list" data-testid="chat-list">
      {rows.length === 0 && (status.loading
        ? <Center py="xl"><Loader size="sm" role="status" aria-label="会话列表加载中" /></Center>
        : status.error
          ? <LoadFailed title="会话列表加载失败" message={status.error} onRetry={status.retry} />
          : <Text c="dimmed" size="sm" ta="center" py="xl">暂无消息</Text>)}
      {rows.map((c) => {
        const active = partner?.teacher_id === c.teacher_id;
        const dot = !('fresh' in c) && isUnread(c);
        const pick = () => onSelect({ ...c.teacher, teacher_id: c.teacher_id });
        return (
          // The row is two controls side by side (open, delete), never a button inside a button.
          <div key={c.teacher_id} className="chat-list__item" data-active={active || undefined} data-testid="chat-conversation" data-teacher-id={c.teacher_id}>
            <UnstyledButton className="chat-list__open" onClick={pick} aria-current={active || undefined}>
              <Avatar src={c.teacher.head_img || null} radius="xl" size={40} alt="">{c.teacher.realname.slice(0, 1)}</Avatar>
              <div className="chat-list__text">
                <div className="chat-list__name">{c.teacher.realname}</div>
                <div className="chat-list__last" data-testid="chat-last-message">{c.message}</div>
              </div>
              {dot && <span className="chat-list__dot" data-testid="chat-unread-dot"><VisuallyHidden>（有未读消息）</VisuallyHidden></span>}
            </UnstyledButton>
            {!('fresh' in c) && (
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`删除与${c.teacher.realname}的会话`} data-testid="chat-delete"
                onClick={() => onDelete(c.teacher_id)}>
                <TrashIcon />
              </ActionIcon>
            )}
          </div>
        );
      })}
    </ScrollArea>
  );
}
