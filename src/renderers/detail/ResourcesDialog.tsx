import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { fetchDownload, notify, saveFile } from '../shared/engine';
import { formatText } from '../format/format';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  files: Record<string, unknown>[];
  nameField: string;
  pathField: string;
  failed: string;
  empty?: string;
}

/** Fetches the file first (through the engine), so a missing one tells the user instead of opening a broken page. */
async function download(url: string, name: string): Promise<void> {
  const { blob } = await fetchDownload(url);
  saveFile({ blob, name: `${name}${url.match(/\.[a-z0-9]+$/i)?.[0] ?? ''}` });
}

/** The download-resources dialog: one row per file with a download button. */
export function ResourcesDialog({ opened, onClose, title, files, nameField, pathField, failed, empty = '暂无可下载的资源' }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  const fetchFile = async (i: number) => {
    setBusy(i);
    try {
      await download(formatText(files[i][pathField]), formatText(files[i][nameField]));
    } catch {
      notify.error(failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm" data-testid="resources-dialog">
        {files.length === 0 && <Text c="dimmed">{empty}</Text>}
        {files.map((f, i) => (
          <Group key={i} justify="space-between" wrap="nowrap">
            <Text size="sm" lineClamp={1}>{formatText(f[nameField])}</Text>
            <Button size="xs" variant="light" loading={busy === i} onClick={() => void fetchFile(i)}>下载</Button>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
