// @vitest-environment jsdom
// A uiSchema names a widget by string; custom pieces register theirs in the form theme's widget map (the login
// page's captcha, mobile, sms code, ...), so YAML reaches SchemaForm unchanged and the name still finds the widget.
import './setup-dom';
import type { WidgetProps } from '@rjsf/utils';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../src/renderers/form/SchemaForm';
import { registerWidget, themeWidgets } from '../../src/renderers/form/widgets';
import { formReady, renderWithProviders } from './renderer-harness';

function StarsWidget(props: WidgetProps) {
  return <span data-testid="stars">{`${props.id}:${String(props.value ?? 0)}★`}</span>;
}

describe('form widgets', () => {
  // The form code loads lazily; load it before the first test, whose form then mounts at once.
  beforeAll(() => import('../../src/renderers/form/SchemaFormView'), 60000);

  it('draws a widget a custom piece registered, by the name the YAML uiSchema gives, next to rjsf\'s own', async () => {
    registerWidget('test-stars', StarsWidget);
    renderWithProviders(
      <SchemaForm
        schema={{ type: 'object', properties: { rating: { type: 'integer', title: '评分' }, name: { type: 'string', title: '姓名' } } }}
        uiSchema={{ rating: { 'ui:widget': 'test-stars' }, name: { 'ui:widget': 'password' } }}
        formData={{ rating: 4 }}
        onSubmit={vi.fn()}
      />,
    );
    await formReady();
    expect(screen.getByTestId('stars').textContent).toBe('root_rating:4★');
    expect(document.getElementById('root_name')?.getAttribute('type')).toBe('password');
  });

  it('refuses a second widget of the same name unless it says override', () => {
    registerWidget('test-twice', StarsWidget);
    expect(() => registerWidget('test-twice', StarsWidget)).toThrow('form widget "test-twice" is already registered; pass { override: true } to replace it');
    const Other = () => null;
    registerWidget('test-twice', Other, { override: true });
    expect(themeWidgets['test-twice']).toBe(Other);
  });
});
