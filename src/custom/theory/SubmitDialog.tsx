import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  title: string;
  text: string;
  /** 1-based numbers of the questions without an answer. */
  unanswered: number[];
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** The confirmation before handing in: the paper must be complete, so unanswered questions are listed first. */
export function SubmitDialog({ opened, title, text, unanswered, busy, onCancel, onConfirm }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      {unanswered.length > 0 ? (
        <Text c="orange" mb="sm" data-testid="unanswered-list">
          还有 {unanswered.length} 道题未作答：第 {unanswered.join('、')} 题
        </Text>
      ) : (
        <Text c="green" mb="sm" data-testid="unanswered-list">全部题目均已作答。</Text>
      )}
      <Text mb="lg">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>取消</Button>
        <Button onClick={onConfirm} loading={busy}>确认交卷</Button>
      </Group>
    </Modal>
  );
}
