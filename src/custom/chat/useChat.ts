import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, endpointKey, notify } from '../../engine';
import type { ChatMessage, Conversation, Person } from './types';
import { refreshUnread } from './unread';

export const EMPTY_TEXT = '请输入内容！';

/** The teacher a conversation is with; may not be in the list yet (asking a teacher for the first time). */
export type Partner = Person & { teacher_id: number };

/** What the list says about a conversation; when it changes, the open history is read again. */
const stamp = (c: Conversation | undefined) => (c ? `${c.updated_at}|${c.author_id}|${c.message}` : 'none');

const LIST = 'answer/messagelist';
const HISTORY = 'answer/messageinfo';
const NO_CONVERSATIONS: Conversation[] = [];
const NO_MESSAGES: ChatMessage[] = [];

/**
 * State and calls of 我的消息. The conversation list and the open history are queries of the cache: the list is polled
 * every `pollMs` while the dialog is open and the tab visible; when the open conversation's entry in it changes (a
 * teacher replied), its history is read again. Sending, deleting and reading are the writes.
 */
export function useChat(pollMs: number) {
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [partner, setPartner] = useState<Partner | null>(null);
  const [drafts, setDrafts] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  /** The teacher whose history is open, for replies that arrive after the student moved on. */
  const current = useRef<number | null>(null);

  const listQuery = useQuery({
    queryKey: endpointKey(LIST, {}),
    queryFn: () => api.call<Conversation[]>(LIST, {}, { silent: true }),
    enabled: opened,
    staleTime: 0,
    refetchInterval: opened ? pollMs : false,
    refetchIntervalInBackground: false,
  });
  const list = opened ? (listQuery.data ?? NO_CONVERSATIONS) : NO_CONVERSATIONS;
  // Never 暂无消息 for a list that has not arrived: while it loads, and when it failed (a later poll that fails keeps
  // the list shown).
  const listStatus = {
    loading: opened && listQuery.isPending && !listQuery.isError,
    error: opened && listQuery.isError && !listQuery.data ? listQuery.error.message || '请检查网络后重试' : null,
    retry: () => void listQuery.refetch(),
  };
  const teacherId = partner?.teacher_id ?? null;
  const historyQuery = useQuery({
    queryKey: endpointKey(HISTORY, { teacher_id: teacherId }),
    queryFn: () => api.call<ChatMessage[]>(HISTORY, { teacher_id: teacherId }),
    enabled: opened && teacherId !== null,
    staleTime: 0,
  });
  const { refetch: refetchHistory } = historyQuery;

  // A teacher's reply changes the conversation's entry in the polled list: read the open history again.
  const entry = stamp(list.find((c) => c.teacher_id === teacherId));
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (teacherId === null || !listQuery.isSuccess) return;
    if (seen.current !== null && seen.current !== entry) void refetchHistory();
    seen.current = entry;
  }, [entry, teacherId, listQuery.isSuccess, refetchHistory]);

  // Shown to the student: mark the teacher's messages read (a POST; reading the history changes nothing), then the
  // dot and the counters follow.
  const unreadHere = list.some((c) => c.teacher_id === teacherId && (c.status || c.unread));
  const shownAt = historyQuery.dataUpdatedAt;
  const { mutate: markRead } = useMutation({
    mutationFn: (teacher: number) => api.call('answer/messageread', { teacher_id: teacher }, { silent: true }),
    onSuccess: (_reply, teacher) => {
      client.setQueryData<Conversation[]>(endpointKey(LIST, {}), (rows) => rows?.map((c) => (c.teacher_id === teacher ? { ...c, status: 0, unread: 0 } : c)));
      return refreshUnread();
    },
  });
  useEffect(() => {
    if (teacherId !== null && shownAt && unreadHere) markRead(teacherId);
  }, [shownAt, teacherId, unreadHere, markRead]);

  const select = useCallback((next: Partner) => {
    current.current = next.teacher_id;
    seen.current = null;
    setDrafts([]);
    setPartner(next);
  }, []);

  /** Opens the dialog, on one teacher when given (from 提问 or 查看). */
  const open = useCallback(async (teacher?: Partial<Partner> & { teacher_id: number }) => {
    setOpened(true);
    if (!teacher) return;
    const data = await client.fetchQuery({ queryKey: endpointKey(LIST, {}), queryFn: () => api.call<Conversation[]>(LIST, {}, { silent: true }) }).catch(() => NO_CONVERSATIONS);
    const known = data.find((c) => c.teacher_id === teacher.teacher_id)?.teacher;
    select({ teacher_id: teacher.teacher_id, id: teacher.teacher_id, realname: teacher.realname ?? known?.realname ?? '', head_img: teacher.head_img ?? known?.head_img ?? '' });
  }, [client, select]);

  /** Closing empties the dialog state. */
  const close = useCallback(() => {
    current.current = null;
    seen.current = null;
    setOpened(false);
    setPartner(null);
    setDrafts([]);
    setText('');
    setSending(false);
  }, []);

  const send = useCallback(async () => {
    if (!partner || sending) return;
    if (!text.trim()) {
      notify.warn(EMPTY_TEXT);
      return;
    }
    const to = partner.teacher_id;
    const draft: ChatMessage = {
      id: -Date.now(), teacher_id: to, student_id: 0, author_id: -1, message: text.trim(), created_at: '', pending: true,
      teacher: partner, student: { id: 0, realname: '', head_img: '' },
    };
    setDrafts((d) => [...d, draft]);
    setSending(true);
    try {
      await api.call('answer/addmessage', { teacher_id: to, message: text });
      setText('');
      seen.current = null; // the list's new entry for this conversation is our own message, read with the history here
      await Promise.all([client.refetchQueries({ queryKey: endpointKey(HISTORY, { teacher_id: to }) }), client.refetchQueries({ queryKey: endpointKey(LIST, {}) })]);
    } catch {
      // the api client has shown why; the text stays to retry
    } finally {
      setDrafts((d) => d.filter((x) => x !== draft));
      setSending(false);
    }
  }, [partner, sending, text, client]);

  const remove = useCallback(async (teacher: number) => {
    await api.call('answer/messagedelete', { teacher_id: teacher });
    notify.success('删除成功');
    if (current.current === teacher) {
      current.current = null;
      setPartner(null);
      setDrafts([]);
    }
    await client.refetchQueries({ queryKey: endpointKey(LIST, {}) });
    void refreshUnread();
  }, [client]);

  const history = teacherId !== null && historyQuery.data ? historyQuery.data : NO_MESSAGES;
  // A draft gives way as soon as the history read after sending has it (that render can come before the draft is
  // dropped, which showed the message twice for a moment).
  const unsaved = drafts.filter((d) => !history.slice(-(drafts.length + 2)).some((m) => m.message === d.message && m.author_id !== d.teacher_id));
  const messages = unsaved.length ? [...history, ...unsaved] : history;
  const loadingHistory = teacherId !== null && historyQuery.isPending && !historyQuery.isError;
  return { opened, list, listStatus, partner, messages, loadingHistory, text, setText, sending, open, close, select, send, remove };
}

export type ChatState = ReturnType<typeof useChat>;
