import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DownloadError, fetchDownload, saveFile, type DownloadProgress } from '../shared/engine';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

let serial = 0;

function Body({ progress, onCancel }: { progress: DownloadProgress | null; onCancel: () => void }) {
  const total = progress?.total ?? null;
  // An announced size that is an estimate (a streamed zip) never shows 100 % before the end.
  const percent = progress && total ? Math.min(progress.exact ? 100 : 99, (progress.received / total) * 100) : null;
  const text = !progress ? '正在准备…'
    : `已接收 ${size(progress.received)}${total ? ` / ${progress.exact ? '' : '约 '}${size(total)}` : ''}${progress.files !== null ? ` · 共 ${progress.files} 个文件` : ''}`;
  return (
    <Stack gap={6} data-testid="download-notice" data-state="loading">
      <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label="下载进度" size="sm" />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" data-testid="download-progress">{text}{percent !== null && `（${Math.floor(percent)}%）`}</Text>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={onCancel} style={{ flexShrink: 0 }}>取消</Button>
      </Group>
    </Stack>
  );
}

/**
 * A download the page follows (`download.progress` of a table button): a notice shows the bytes received against the
 * size the server announced, with 取消, and ends saying 下载完成 (the file then goes to the browser's downloads) or
 * 下载失败 and why. Resolves when it has ended either way.
 */
export async function downloadWithNotice(url: string): Promise<void> {
  const id = `download-${++serial}`;
  const control = new AbortController();
  const show = (progress: DownloadProgress | null) =>
    notifications.update({ id, title: '正在下载', message: <Body progress={progress} onCancel={() => control.abort()} />, autoClose: false, withCloseButton: false, loading: false, color: 'blue' });
  notifications.show({ id, title: '正在下载', message: <Body progress={null} onCancel={() => control.abort()} />, autoClose: false, withCloseButton: false, color: 'blue' });
  let shownAt = 0;
  try {
    const file = await fetchDownload(url, {
      signal: control.signal,
      onProgress: (p) => {
        // Redrawn a few times a second, not once per chunk.
        const at = performance.now();
        if (at - shownAt < 150 && p.received > 0) return;
        shownAt = at;
        show(p);
      },
    });
    saveFile(file);
    notifications.update({
      id, title: '下载完成', color: 'green', autoClose: 6000, withCloseButton: true, loading: false,
      message: <Text size="sm" data-testid="download-notice" data-state="done">{file.name}（{size(file.blob.size)}）已保存到浏览器的下载目录</Text>,
    });
  } catch (error) {
    const reason = error instanceof DownloadError ? error.message : '下载失败，请重试';
    notifications.update({
      id, title: control.signal.aborted ? '已取消下载' : '下载失败', color: control.signal.aborted ? 'gray' : 'red', autoClose: false, withCloseButton: true, loading: false,
      message: <Text size="sm" data-testid="download-notice" data-state="failed">{reason}</Text>,
    });
  }
}
