import { ActionIcon, Anchor, Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { notify } from '../../engine';
import { acceptAttr, checkFile, type Accept } from '../shared/fileChecks';
import type { WorkMessages } from './types';
import type { useUploads } from './useUploads';

interface Props {
  label: string;
  accept: Accept;
  max: number;
  maxBytes: number;
  uploads: ReturnType<typeof useUploads>;
  messages: WorkMessages;
  tooMany: string;
  testId: string;
}

/** A file picker with one progress bar per file; failed files offer 重试 and 删除, the others stay as they are. */
export function WorkUploader({ label, accept, max, maxBytes, uploads, messages, tooMany, testId }: Props) {
  const pick = async (picked: File[] | File | null) => {
    const files = picked ? (Array.isArray(picked) ? picked : [picked]) : [];
    let count = uploads.entries.length;
    for (const file of files) {
      if (count >= max) {
        notify.error(tooMany);
        return;
      }
      const problem = await checkFile(file, accept, maxBytes, messages);
      if (problem) notify.error(problem);
      else {
        uploads.add(file);
        count++;
      }
    }
  };
  return (
    <Stack gap={6} data-testid={testId}>
      <Group gap="xs">
        <FileButton onChange={(files: File[] | File | null) => void pick(files)} accept={acceptAttr(accept)} multiple={max > 1}>
          {(props) => <Button {...props} size="compact-sm" variant="light">{label}</Button>}
        </FileButton>
        <Text size="xs" c="dimmed">{uploads.entries.length}/{max}</Text>
      </Group>
      {uploads.entries.map((e) => (
        <Group key={e.key} gap="xs" wrap="nowrap" data-testid="upload-entry" data-state={e.state}>
          {accept === 'image' && (
            // The stored copy, once uploaded: the student sees the photo they are about to hand in.
            e.url ? <Image src={e.url} w={48} h={48} fit="cover" radius="sm" alt={e.name} data-testid="upload-thumb" />
              : <div style={{ width: 48, height: 48, borderRadius: 4, background: 'var(--mantine-color-gray-1)', flexShrink: 0 }} />
          )}
          <Text size="xs" style={{ width: 140 }} truncate title={e.name}>
            {e.url ? <Anchor href={e.url} target="_blank" size="xs">{e.name}</Anchor> : e.name}
          </Text>
          <Progress.Root style={{ flex: 1, minWidth: 60 }}>
            <Progress.Section value={Math.round(e.progress * 100)} color={e.state === 'failed' ? 'red' : e.state === 'done' ? 'teal' : 'blue'}
              aria-label={`${e.name} 上传进度`} animated={e.state === 'uploading'} />
          </Progress.Root>
          {e.state === 'failed' && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => uploads.retry(e.key)} title={e.error}>重试</Button>
          )}
          {e.state !== 'uploading' && (
            <ActionIcon size="sm" variant="subtle" color="gray" aria-label={`删除 ${e.name}`} onClick={() => uploads.remove(e.key)}>×</ActionIcon>
          )}
        </Group>
      ))}
      {uploads.entries.some((e) => e.state === 'failed') && (
        <Text size="xs" c="red" data-testid="upload-error">{uploads.entries.find((e) => e.state === 'failed')?.error}</Text>
      )}
    </Stack>
  );
}
