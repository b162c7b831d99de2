import './chat.css';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, useSession, useSiteConfig } from '../../engine';
import { onAppAction, type AppActionDetail } from '../../renderers/actions/actions';
import { ChatHistory } from './ChatHistory';
import { ConversationList } from './ConversationList';
import { CHAT_ACTIONS } from './events';
import { chatSettings } from './settings';
import { refreshUnread } from './unread';
import { useChat } from './useChat';

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

/**
 * 我的消息, mounted by the shell's ChatHost on the first chat action (`first`, handled at once) and kept from then on.
 * Opens on the row actions ask (teacher list), view (notifications) and messages (user menu); says whether it is
 * open through `onOpened` (the host announces a reply only while it is closed).
 */
export default function ChatDialog({ first, onOpened }: { first: AppActionDetail; onOpened: (opened: boolean) => void }) {
  const settings = chatSettings(useSiteConfig());
  const signedIn = Boolean(useSession()?.token);
  const chat = useChat(settings.chatPollMs);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // After sending, the cursor stays in the box (and so in the dialog, where Esc still closes it).
  const send = () => void chat.send().finally(() => input.current?.focus());
  const { open, opened } = chat;
  useEffect(() => onOpened(opened), [opened, onOpened]);
  // Viewing a notification reads it (a write); the counters and what the action declared it changes load again.
  const { mutate: readNotice } = useMutation({
    mutationFn: ({ id }: { id: unknown; invalidates?: string[] }) => api.call('message/read', { id }),
    onSuccess: (_reply, { invalidates }) => refreshUnread(invalidates),
  });

  const handle = useCallback(({ action, row, invalidates }: AppActionDetail) => {
    if (action === CHAT_ACTIONS.ask) {
      void open({ teacher_id: num(row.teacher_id ?? row.id), realname: String(row.realname ?? ''), head_img: String(row.head_img ?? '') });
    } else if (action === CHAT_ACTIONS.view) {
      // Viewing a notification reads it, then opens the conversation with its teacher.
      if (row.id !== undefined && row.status !== 1) readNotice({ id: row.id, invalidates });
      void open({ teacher_id: num(row.teacher_id), realname: String(row.realname ?? ''), head_img: String(row.head_img ?? '') });
    } else if (action === CHAT_ACTIONS.open) {
      void open(row.teacher_id ? { teacher_id: num(row.teacher_id) } : undefined);
    }
  }, [open, readNotice]);
  const firstHandled = useRef(false);
  useEffect(() => {
    if (firstHandled.current) return;
    firstHandled.current = true;
    handle(first);
  }, [first, handle]);
  useEffect(() => onAppAction(handle), [handle]);

  if (!signedIn) return null;
  return (
    <>
      <Modal opened={chat.opened} onClose={() => setConfirming(true)} title="我的消息" centered
        classNames={{ content: 'chat-dialog__content' }} data-testid="chat-dialog">
        <div className="chat-body" data-testid="chat-dialog-body">
          <ConversationList list={chat.list} status={chat.listStatus} partner={chat.partner} onSelect={chat.select} onDelete={setDeleting} />
          <div className="chat-right">
            <ChatHistory partner={chat.partner} messages={chat.messages} loading={chat.loadingHistory} />
            {chat.partner && (
              <div className="chat-input">
                <Textarea ref={input} rows={2} autosize={false} value={chat.text} maxLength={settings.maxLength} placeholder={`给${chat.partner.realname}老师发消息（Enter 发送，Shift+Enter 换行）`}
                  onChange={(e) => chat.setText(e.currentTarget.value)} data-testid="chat-input" aria-label="消息内容"
                  onKeyDown={(e) => {
                    // Enter sends; Shift+Enter is a new line; Enter that commits a Chinese input method's text is not a send.
                    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
                    e.preventDefault();
                    if (!chat.sending) send();
                  }} />
              </div>
            )}
          </div>
        </div>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={chat.close} data-testid="chat-cancel">取消</Button>
          <Button onClick={send} loading={chat.sending} disabled={!chat.partner} data-testid="chat-send">确定</Button>
        </Group>
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="删除会话" size="sm" centered zIndex={400} data-testid="chat-confirm-delete">
        <Text>删除后这段会话将从你的列表中移除，确认删除？</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>取消</Button>
          <Button color="red" data-testid="chat-confirm-delete-ok" onClick={() => {
            const id = deleting;
            setDeleting(null);
            if (id !== null) void chat.remove(id).catch(() => undefined);
          }}>删除</Button>
        </Group>
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="提示" size="sm" centered zIndex={400} data-testid="chat-confirm-close">
        <Text>确认关闭？</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>取消</Button>
          <Button onClick={() => { setConfirming(false); chat.close(); }} data-testid="chat-confirm-close-ok">确定</Button>
        </Group>
      </Modal>
    </>
  );
}
