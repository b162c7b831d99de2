import { Anchor, Button, CloseButton, Group, Input, Loader, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { api } from '../shared/engine';

interface FileRef {
  name: string;
  url: string;
}

/**
 * `ui:widget: files` — an array of {name, url}: each chosen file is sent to the upload endpoint at once (the server
 * checks its content and stores it under a generated name) and listed with a remove button. ui:options: `endpoint`
 * (default common/upload_file), `accept`, `max` (files at most), `buttonLabel`.
 */
export default function FilesWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, required, disabled, readonly, rawErrors, onChange, options } = props;
  const files: FileRef[] = Array.isArray(value) ? (value as FileRef[]) : [];
  const endpoint = typeof options.endpoint === 'string' ? options.endpoint : 'common/upload_file';
  const max = typeof options.max === 'number' ? options.max : 10;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const latest = useRef(files);
  latest.current = files;

  const choose = async (chosen: FileList | null) => {
    if (!chosen?.length) return;
    const list = [...chosen].slice(0, Math.max(0, max - files.length));
    if (list.length < chosen.length) setError(`最多上传 ${max} 个附件`);
    else setError('');
    setBusy(true);
    try {
      for (const file of list) {
        try {
          const data = await api.upload<{ url: string; name?: string }>(endpoint, file, { silent: true });
          onChange([...latest.current, { name: data.name || file.name, url: data.url }]);
        } catch (e) {
          setError(`${file.name}：${(e as Error).message}`);
        }
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = [...(rawErrors ?? []), ...(error ? [error] : [])];
  return (
    <Input.Wrapper label={hideLabel ? undefined : label} required={required} error={shown.length ? shown.join('\n') : undefined}>
      <Stack gap={4} data-testid="files-widget" id={id}>
        {files.map((f, i) => (
          <Group key={f.url} gap="xs" data-testid="files-entry">
            <Anchor href={f.url} target="_blank" size="sm">{f.name}</Anchor>
            {!(disabled || readonly) && (
              <CloseButton size="sm" aria-label={`移除 ${f.name}`} onClick={() => onChange(files.filter((_, j) => j !== i))} />
            )}
          </Group>
        ))}
        {!(disabled || readonly) && files.length < max && (
          <Group gap="xs">
            <Button size="xs" variant="light" disabled={busy} onClick={() => input.current?.click()}>
              {typeof options.buttonLabel === 'string' ? options.buttonLabel : '上传附件'}
            </Button>
            {busy && <Loader size="xs" />}
            {typeof options.help === 'string' && <Text size="xs" c="dimmed">{options.help}</Text>}
          </Group>
        )}
        <input ref={input} type="file" hidden multiple accept={typeof options.accept === 'string' ? options.accept : undefined} onChange={(e) => void choose(e.currentTarget.files)} />
      </Stack>
    </Input.Wrapper>
  );
}
