import { Button, EmptyState } from '@mantine/core';
import { AlertIcon, InboxIcon } from './icons';

/** The empty list ("暂无数据" unless YAML says otherwise). */
export function EmptyList({ text = '暂无数据' }: { text?: string }) {
  return <EmptyState py="xl" title={text} icon={<InboxIcon size={28} />} withIndicatorBackground data-testid="list-empty" />;
}

/** A failed load: the api client has shown the error; this keeps the screen useful with a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState py="xl" title="加载失败" description={message} icon={<AlertIcon size={28} />} color="red" variant="light">
      <Button variant="light" mt="sm" onClick={onRetry}>
        重新加载
      </Button>
    </EmptyState>
  );
}
