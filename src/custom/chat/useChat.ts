import { useCallback, useEffect, useRef, useState } from 'react';
import { api, notify } from '../../engine';
import type { ChatMessage, Conversation, Person } from './types';
import { unread } from './unread';

export const EMPTY_TEXT = '请输入内容！';

/** The teacher a conversation is with; may not be in the list yet (asking a teacher for the first time). */
export type Partner = Person & { teacher_id: number };

/** What the list says about a conversation; when it changes, the open history is reloaded. */
const stamp = (c: Conversation | undefined) => (c ? `${c.updated_at}|${c.author_id}|${c.message}` : 'none');

/** State and calls of 我的消息: the conversation list, the open history, sending, deleting, short polling. */
export function useChat(pollMs: number) {
  const [opened, setOpened] = useState(false);
  const [list, setList] = useState<Conversation[]>([]);
  const [partner, setPartner] = useState<Partner | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loadingHistory, setLoadingHistory] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const current = useRef<number | null>(null);
  /** Stamp of the open conversation when its history was last loaded; '' while the first load runs. */
  const seen = useRef('');
  const openedRef = useRef(false);

  const loadList = useCallback(async () => {
    const data = await api.call<Conversation[]>('answer/messagelist', {}, { silent: true });
    if (openedRef.current) setList(data);
    return data;
  }, []);

  const loadHistory = useCallback(async (teacherId: number, quiet = false) => {
    if (!quiet) setLoadingHistory(true);
    try {
      // The list is read first: a reply arriving in between then differs from `seen` and is loaded by the next poll.
      const before = await loadList().catch(() => null);
      const data = await api.call<ChatMessage[]>('answer/messageinfo', { teacher_id: teacherId }, { silent: quiet });
      if (current.current !== teacherId) return;
      setMessages(data);
      seen.current = stamp(before?.find((c) => c.teacher_id === teacherId));
      // Shown to the student: mark the teacher's messages read (a POST; reading the history changes nothing), then
      // the dot and the counters follow.
      const wasUnread = before === null || before.some((c) => c.teacher_id === teacherId && (c.status || c.unread));
      if (wasUnread) await api.call('answer/messageread', { teacher_id: teacherId }, { silent: true }).catch(() => undefined);
      setList((list) => list.map((c) => (c.teacher_id === teacherId ? { ...c, status: 0, unread: 0 } : c)));
      void unread.refresh().catch(() => undefined);
    } finally {
      if (!quiet) setLoadingHistory(false);
    }
  }, [loadList]);

  const select = useCallback((next: Partner) => {
    current.current = next.teacher_id;
    seen.current = '';
    setPartner(next);
    setMessages([]);
    void loadHistory(next.teacher_id).catch(() => undefined);
  }, [loadHistory]);

  /** Opens the dialog, on one teacher when given (from 提问 or 查看). */
  const open = useCallback(async (teacher?: Partial<Partner> & { teacher_id: number }) => {
    openedRef.current = true;
    setOpened(true);
    const data = await loadList().catch(() => [] as Conversation[]);
    if (!teacher) return;
    const known = data.find((c) => c.teacher_id === teacher.teacher_id)?.teacher;
    select({ teacher_id: teacher.teacher_id, id: teacher.teacher_id, realname: teacher.realname ?? known?.realname ?? '', head_img: teacher.head_img ?? known?.head_img ?? '' });
  }, [loadList, select]);

  /** Closing empties the dialog state. */
  const close = useCallback(() => {
    openedRef.current = false;
    current.current = null;
    seen.current = '';
    setOpened(false);
    setList([]);
    setPartner(null);
    setMessages([]);
    setText('');
    setSending(false);
  }, []);

  const send = useCallback(async () => {
    if (!partner || sending) return;
    if (!text.trim()) {
      notify.warn(EMPTY_TEXT);
      return;
    }
    const teacherId = partner.teacher_id;
    const draft: ChatMessage = {
      id: -Date.now(), teacher_id: teacherId, student_id: 0, author_id: -1, message: text.trim(), created_at: '', pending: true,
      teacher: partner, student: { id: 0, realname: '', head_img: '' },
    };
    setMessages((m) => [...m, draft]);
    setSending(true);
    try {
      await api.call('answer/addmessage', { teacher_id: teacherId, message: text });
      setText('');
      await loadHistory(teacherId, true);
    } catch {
      setMessages((m) => m.filter((x) => x !== draft)); // the api client has shown why; the text stays to retry
    } finally {
      setSending(false);
    }
  }, [partner, sending, text, loadHistory]);

  const remove = useCallback(async (teacherId: number) => {
    await api.call('answer/messagedelete', { teacher_id: teacherId });
    notify.success('删除成功');
    if (current.current === teacherId) {
      current.current = null;
      setPartner(null);
      setMessages([]);
    }
    await loadList();
    void unread.refresh().catch(() => undefined);
  }, [loadList]);

  // Short polling while open: a teacher's reply shows up in the list, and in the history when it is open.
  useEffect(() => {
    if (!opened) return;
    const poll = async () => {
      try {
        const data = await loadList();
        const teacherId = current.current;
        if (teacherId === null || !seen.current) return;
        if (stamp(data.find((c) => c.teacher_id === teacherId)) !== seen.current) await loadHistory(teacherId, true);
      } catch {
        // A failed poll is retried on the next tick.
      }
    };
    const timer = window.setInterval(() => void poll(), pollMs);
    return () => window.clearInterval(timer);
  }, [opened, pollMs, loadList, loadHistory]);

  return { opened, list, partner, messages, loadingHistory, text, setText, sending, open, close, select, send, remove };
}

export type ChatState = ReturnType<typeof useChat>;
