import { lazy, Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { AfterFirstPaint, notify, useSession } from '../../engine';
import { onAppAction, type AppActionDetail } from '../../renderers/actions/actions';
import { CHAT_ACTIONS } from './events';
import { useUnreadCounts } from './unread';

// The dialog's code (and its Modal, Textarea, scroll areas) loads with the first chat action, not with every page.
const ChatDialog = lazy(() => import('./ChatDialog'));
const CHAT_ACTION_NAMES: readonly string[] = Object.values(CHAT_ACTIONS);

/**
 * 我的消息's place in the shell: keeps the unread counters fresh while the student is signed in (announcing a new reply
 * while the dialog is closed) and mounts the dialog on the first chat action.
 */
export function ChatHost() {
  const signedIn = Boolean(useSession()?.token);
  const [first, setFirst] = useState<AppActionDetail | null>(null);
  // Subscribed from the first render: a page may open the dialog as soon as it is drawn (ChatLauncher).
  useEffect(() => (first ? undefined : onAppAction((detail) => CHAT_ACTION_NAMES.includes(detail.action) && setFirst(detail))), [first]);
  const opened = useRef(false);
  const onOpened = useCallback((now: boolean) => void (opened.current = now), []);

  return (
    <>
      <AfterFirstPaint><ReplyAnnouncer opened={opened} /></AfterFirstPaint>
      {signedIn && first && (
        <Suspense fallback={null}>
          <ChatDialog first={first} onOpened={onOpened} />
        </Suspense>
      )}
    </>
  );
}

/** Polls the counters while signed in and the tab is visible; a new reply is announced when the dialog is closed. */
function ReplyAnnouncer({ opened }: { opened: RefObject<boolean> }) {
  const signedIn = Boolean(useSession()?.token);
  const counts = useUnreadCounts(true);
  const lastChat = useRef<number | null>(null);
  useEffect(() => {
    if (!signedIn || !counts) {
      lastChat.current = null;
      return;
    }
    if (lastChat.current !== null && counts.chat > lastChat.current && !opened.current) notify.info('老师回复了你的消息，请在“我的消息”中查看');
    lastChat.current = counts.chat;
  }, [signedIn, counts, opened]);
  return null;
}
