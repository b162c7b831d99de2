import { withTheme } from '@rjsf/core';
import { Theme as MantineTheme } from '@rjsf/mantine';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import type { ComponentType } from 'react';

const MantineBaseInput = MantineTheme.templates!.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

/** Keeps inputs controlled from the first render: an empty field is '' rather than undefined (React warns otherwise). */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  return <MantineBaseInput {...props} value={props.value ?? ''} />;
}

/** The app's one rjsf theme: rjsf's Mantine theme plus our own small templates, through rjsf's theme API. */
export const ThemedForm = withTheme({
  ...MantineTheme,
  templates: { ...MantineTheme.templates, BaseInputTemplate },
});
