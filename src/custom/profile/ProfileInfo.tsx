import { Avatar, Button, FileButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { api, notify, profileQuery, session, useSession, type RendererProps, type UserInfo } from '../../engine';
import { SchemaForm } from '../../renderers';
import { failedTitle, LoadFailed } from '../../renderers/ui/ListStatus';
import { SmsContext, useCountdown } from '../login/contexts';
import { checkFile } from '../shared/fileChecks';
import { ClassChange } from './ClassChange';
import { CODE_FIELD, MOBILE, mobileChangeTexts, withCodeField } from './mobileChange';
import type { ProfileInfoProps } from './schema.gen';

/** Browser-side check before uploading (the shared upload check); the server checks the content again. */
export function avatarProblem(file: File, avatar: ProfileInfoProps['avatar']): Promise<string | null> {
  const { bmp, size, type } = avatar.messages;
  return checkFile(file, 'image', avatar.maxBytes, { bmp, tooBig: size, wrongType: type, notDocx: type });
}

/** Personal info: avatar upload, read-only school facts and the editable fields (user/edit_info). */
export default function ProfileInfo({ screen, props }: RendererProps<ProfileInfoProps>) {
  const current = useSession();
  const user = current?.user as UserInfo | null;
  const [busy, setBusy] = useState(false);
  const [formData, setFormData] = useState<Record<string, unknown> | null>(null);
  const sms = useMemo(() => mobileChangeTexts(props.mobileChange), [props.mobileChange]);
  const withCode = useMemo(() => withCodeField(props.form, sms), [props.form, sms]);
  /** The key user/mobile_code returned, and the number it was sent to. */
  const sent = useRef<{ key: string; mobile: string } | null>(null);
  const countdown = useCountdown();
  // The profile loads with the session (one shared request, through the query cache); when it could not be loaded,
  // say so instead of a blank page.
  const read = useQuery({ ...profileQuery, enabled: !user });
  if (!user) {
    return read.isError && !read.isFetching
      ? <LoadFailed title={failedTitle(screen?.title)} message={read.error.message || '请检查网络后重试'} onRetry={() => void read.refetch()} />
      : <Skeleton height={240} radius="md" data-testid="profile-loading" />;
  }
  const fields = Object.keys((props.form.schema.properties ?? {}) as object);
  const values = formData ?? Object.fromEntries(fields.map((k) => [k, user[k] ?? undefined]));
  // A new number needs the code sent to it; an unchanged one needs none.
  const mobileChanged = typeof values.mobile === 'string' && values.mobile !== (user.mobile ?? '');

  const sendCode = async () => {
    const mobile = String(values.mobile ?? '');
    if (!MOBILE.test(mobile)) return notify.error(props.form.messages?.mobile?.pattern ?? '请输入正确的手机号');
    const reply = await api.callWithMessage<{ key?: string }>('user/mobile_code', { phone: mobile }).catch(() => null);
    if (!reply) return;
    if (!reply.data?.key) return notify.error(reply.message);
    sent.current = { key: reply.data.key, mobile };
    countdown.start(sms.seconds);
  };

  const save = async (form: Record<string, unknown>) => {
    const { [CODE_FIELD]: code, ...changes } = form;
    if (changes.mobile !== undefined && changes.mobile !== user.mobile) {
      if (!sent.current || sent.current.mobile !== changes.mobile) return void notify.error(sms.messages.noKey);
      Object.assign(changes, { verification_key: sent.current.key, verification_code: code });
    }
    const fresh = await api.call<UserInfo>('user/edit_info', changes);
    session.setUser(fresh);
    if (changes.verification_key) {
      sent.current = null;
      countdown.stop();
      setFormData((data) => data && Object.fromEntries(Object.entries(data).filter(([k]) => k !== CODE_FIELD)));
    }
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
        <Avatar src={user.head_img || undefined} size={96} radius={48} alt="我的头像" data-testid="profile-avatar" />
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
      {props.classChange && <ClassChange props={props.classChange} user={user} />}
      <SmsContext.Provider value={{ left: countdown.left, idleLabel: sms.idleLabel, send: () => void sendCode() }}>
        <SchemaForm
          id="profile-form"
          schema={mobileChanged ? withCode.schema : props.form.schema}
          uiSchema={mobileChanged ? withCode.uiSchema : props.form.uiSchema}
          messages={mobileChanged ? withCode.messages : props.form.messages}
          formData={values}
          onChange={setFormData}
          submitLabel={props.form.submitLabel ?? '保存'}
          onSubmit={save}
        />
      </SmsContext.Provider>
    </Stack>
  );
}
