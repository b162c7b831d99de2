import { Button, EmptyState } from '@mantine/core';
import { AlertIcon, InboxIcon } from './icons';

/** The empty list ("暂无数据" unless YAML says otherwise). */
export function EmptyList({ text = '暂无数据' }: { text?: string }) {
  return <EmptyState py="xl" title={text} icon={<InboxIcon size={28} />} withIndicatorBackground data-testid="list-empty" />;
}

/** What failed, from the screen's title: 成绩中心 → 成绩中心加载失败. */
export function failedTitle(what: string | undefined): string {
  return what ? `${what}加载失败` : '加载失败';
}

/**
 * A failed load: says what failed (`title`, e.g. 成绩明细加载失败) and why, with a retry, so the screen never goes
 * blank or shows an empty result for data that did not arrive.
 */
export function LoadFailed({ message, onRetry, title = '加载失败' }: { message: string; onRetry: () => void; title?: string }) {
  return (
    <EmptyState py="xl" title={title} description={message === title ? undefined : message} icon={<AlertIcon size={28} />} color="red" variant="light"
      role="alert" data-testid="load-failed">
      <Button variant="light" mt="sm" onClick={onRetry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
