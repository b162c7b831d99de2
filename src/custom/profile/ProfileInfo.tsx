import { Avatar, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api, notify, session, useSession, type RendererProps, type UserInfo } from '../../engine';
import { SchemaForm } from '../../renderers';
import { checkFile } from '../shared/fileChecks';
import type { ProfileInfoProps } from './schema.gen';

/** Browser-side check before uploading (the shared upload check); the server checks the content again. */
export function avatarProblem(file: File, avatar: ProfileInfoProps['avatar']): Promise<string | null> {
  const { bmp, size, type } = avatar.messages;
  return checkFile(file, 'image', avatar.maxBytes, { bmp, tooBig: size, wrongType: type, notDocx: type });
}

/** Personal info: avatar upload, read-only school facts and the editable fields (user/edit_info). */
export default function ProfileInfo({ props }: RendererProps<ProfileInfoProps>) {
  const current = useSession();
  const user = current?.user as UserInfo | null;
  const [busy, setBusy] = useState(false);
  const [formData, setFormData] = useState<Record<string, unknown> | null>(null);
  if (!user) return null;
  const fields = Object.keys((props.form.schema.properties ?? {}) as object);
  const values = formData ?? Object.fromEntries(fields.map((k) => [k, user[k] ?? undefined]));

  const save = async (changes: Record<string, unknown>) => {
    const fresh = await api.call<UserInfo>('user/edit_info', changes);
    session.setUser(fresh);
    notify.success(props.form.successMessage ?? '保存成功');
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = await avatarProblem(file, props.avatar);
    if (problem) return void notify.error(problem);
    setBusy(true);
    try {
      const stored = await api.upload<{ url: string }>('common/upload_file', file, { filename: file.name });
      await save({ head_img: stored.url });
    } catch {
      // the api client has told the user
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={720}>
      <Group gap="lg">
        <Avatar src={user.head_img || undefined} size={96} radius={48} data-testid="profile-avatar" />
        <FileButton onChange={(f) => void upload(f)} accept={props.avatar.accept ?? 'image/*'}>
          {(p) => <Button {...p} variant="light" loading={busy} data-testid="avatar-upload">{props.avatar.label ?? '更换头像'}</Button>}
        </FileButton>
      </Group>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={2} spacing="xs">
          {props.facts.map((f) => (
            <Text key={f.field} size="sm" data-testid={`fact-${f.field}`}>
              <Text span c="dimmed">{f.label}：</Text>
              {String(user[f.field] ?? '') || '—'}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <SchemaForm id="profile-form" schema={props.form.schema} uiSchema={props.form.uiSchema} messages={props.form.messages} formData={values} onChange={setFormData} submitLabel={props.form.submitLabel ?? '保存'} onSubmit={save} />
    </Stack>
  );
}
