import { Group, Image, TextInput, UnstyledButton } from '@mantine/core';
import { useContext } from 'react';
import type { PlainWidgetProps } from '../../renderers/form/PlainForm';
import { CaptchaContext } from './contexts';

/** A text input's props from a widget's (rjsf's or PlainForm's): empty is undefined, the first error is shown. */
export const textInputProps = (props: PlainWidgetProps, maxLength?: number) => ({
  id: props.id,
  value: (props.value as string | undefined) ?? '',
  placeholder: props.placeholder,
  maxLength,
  autoComplete: 'off',
  error: props.rawErrors?.[0],
  disabled: props.disabled,
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value),
  onBlur: () => props.onBlur(props.id, props.value),
});

/**
 * The image code input with the server's image next to it; the image is a button (click, Enter or Space) that
 * fetches a new one, so the keyboard can refresh it too. Its own file: the login form draws it on the first paint.
 */
export function CaptchaWidget(props: PlainWidgetProps) {
  const { captcha, refresh } = useContext(CaptchaContext);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <TextInput {...textInputProps(props, 4)} style={{ flex: 1 }} />
      <UnstyledButton type="button" onClick={refresh} aria-label="看不清？换一张" title="看不清？换一张" data-testid="captcha-refresh" style={{ flex: 'none', borderRadius: 4 }}>
        <Image src={captcha?.img} w={110} h={36} radius={4} data-testid="captcha" data-key={captcha?.key ?? ''} alt="图形验证码" style={{ width: 110, height: 36 }} />
      </UnstyledButton>
    </Group>
  );
}
