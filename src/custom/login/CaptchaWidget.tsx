import { Group, TextInput } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { drawCaptcha } from './captcha';

/** rjsf widget: the code input with the canvas image next to it; clicking the image draws a new code. */
export function makeCaptchaWidget(code: string, regenerate: () => void) {
  return function CaptchaWidget(props: WidgetProps) {
    const canvas = useRef<HTMLCanvasElement>(null);
    useEffect(() => {
      if (canvas.current) drawCaptcha(canvas.current, code);
    }, []);
    return (
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <TextInput
          id={props.id}
          style={{ flex: 1 }}
          value={props.value ?? ''}
          placeholder={props.placeholder}
          maxLength={4}
          autoComplete="off"
          error={props.rawErrors?.[0]}
          onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
          onBlur={() => props.onBlur(props.id, props.value)}
        />
        <canvas
          ref={canvas}
          width={110}
          height={36}
          data-testid="captcha"
          data-code={code}
          title="看不清？换一张"
          style={{ cursor: 'pointer', borderRadius: 4, flex: 'none' }}
          onClick={regenerate}
        />
      </Group>
    );
  };
}
