import { Button, EmptyState } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../shared/engine';
import { AlertIcon, InboxIcon } from './icons';

/** The empty list ("暂无数据" unless YAML says otherwise). */
export function EmptyList({ text = '暂无数据' }: { text?: string }) {
  return <EmptyState py="xl" title={text} icon={<InboxIcon size={28} />} withIndicatorBackground data-testid="list-empty" />;
}

/** What failed, from the screen's title: 成绩中心 → 成绩中心加载失败. */
export function failedTitle(what: string | undefined): string {
  return what ? `${what}加载失败` : '加载失败';
}

/** 返回: to the page before, or to the home page when the page was opened directly (a link, a bookmark). */
export function BackButton() {
  const navigate = useNavigate();
  const back = () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/'));
  return (
    <Button variant="light" mt="sm" onClick={back}>
      返回
    </Button>
  );
}

/** A page opened without (or with a wrong) id: says so, with 返回 — no call to make, nothing to retry. */
export function NotFoundNotice({ message }: { message: string }) {
  return (
    <EmptyState py="xl" title={message} icon={<InboxIcon size={28} />} withIndicatorBackground data-testid="not-found-notice">
      <BackButton />
    </EmptyState>
  );
}

/**
 * A failed load: says what failed (`title`, e.g. 成绩明细加载失败) and why, with a retry, so the screen never goes
 * blank or shows an empty result for data that did not arrive. It is the one place the failure is said: while it is on
 * screen no toast repeats its reason. `refused` (the server refused what was asked: a page opened without the
 * parameters it needs, a record that is not there) offers 返回 instead, since asking again cannot succeed.
 */
export function LoadFailed({ message, onRetry, title = '加载失败', refused = false }: { message: string; onRetry: () => void; title?: string; refused?: boolean }) {
  // Before the paint: a toast of the same failure rendered in the same update is gone before the user sees it.
  useLayoutEffect(() => notify.shownInline(message), [message]);
  return (
    <EmptyState py="xl" title={title} description={message === title ? undefined : message} icon={<AlertIcon size={28} />} color="red" variant="light"
      role="alert" data-testid="load-failed">
      {refused ? (
        <BackButton />
      ) : (
        <Button variant="light" mt="sm" onClick={onRetry}>
          重新加载
        </Button>
      )}
    </EmptyState>
  );
}
