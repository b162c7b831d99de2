// @vitest-environment jsdom
import './setup-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import FormRenderer from '../../src/renderers/form';
import { SchemaForm } from '../../src/renderers/form/SchemaForm';
import { serverErrorsToErrorSchema } from '../../src/renderers/form/messages';
import type { FormProps } from '../../src/renderers/form/schema.gen';
import { formReady, renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({ api: { call: mocks.call } }),
);

const schema = {
  type: 'object' as const,
  required: ['username'],
  properties: {
    username: { type: 'string' as const, title: '账号', pattern: '^[A-Za-z0-9]*$', minLength: 4, maxLength: 20 },
  },
};
const uiSchema = { username: { 'ui:placeholder': '请输入账号' } };
const messages = {
  username: { required: '请输入账号', pattern: '账号只能为数字或字母', minLength: '账号最少为4位', maxLength: '账号过长,最长为20位' },
};

function account() {
  return screen.getByPlaceholderText('请输入账号');
}
/** The message Mantine shows under the account input (rjsf also keeps a hidden copy for aria-describedby). */
function accountError(): string | null {
  const wrapper = account().closest('.mantine-InputWrapper-root');
  return wrapper?.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
}
async function submitWith(value: string) {
  await formReady();
  fireEvent.change(account(), { target: { value } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
  });
}

describe('SchemaForm validation messages', () => {
  let onSubmit: ReturnType<typeof vi.fn<(data: unknown) => void>>;
  beforeEach(() => {
    onSubmit = vi.fn();
    renderWithProviders(<SchemaForm schema={schema} uiSchema={uiSchema} messages={messages} onSubmit={onSubmit} submitLabel="登录" />);
  });

  it.each([
    ['', '请输入账号'],
    ['ab!cd', '账号只能为数字或字母'],
    ['ab', '账号最少为4位'],
    ['a'.repeat(21), '账号过长,最长为20位'],
  ])('input %j shows %s under the field, never ajv English', async (value, expected) => {
    await submitWith(value);
    await waitFor(() => expect(accountError()).toBe(expected));
    expect(document.body.textContent).not.toMatch(/must|should|required property/i);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits valid data and clears the message once corrected', async () => {
    await submitWith('ab');
    await waitFor(() => expect(accountError()).toBe('账号最少为4位'));
    await submitWith('abcd12');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'abcd12' }));
    expect(accountError()).toBeNull();
  });
});

describe('server field errors', () => {
  it('turn a 422 errors map into errors rjsf shows under the fields', () => {
    expect(serverErrorsToErrorSchema({ username: ['账号已存在'], 'address.city': ['请选择城市'] })).toEqual({
      username: { __errors: ['账号已存在'] },
      address: { city: { __errors: ['请选择城市'] } },
    });
    expect(serverErrorsToErrorSchema(undefined)).toBeUndefined();
  });
});

describe('form renderer', () => {
  beforeEach(() => {
    mocks.call.mockReset();
  });
  const props: FormProps = {
    schema,
    uiSchema,
    messages,
    submit: { endpoint: 'user/update', params: { user_id: '${user.id}' }, label: '登录', then: '/ucenter/Myinfo' },
  };

  it('posts the data with its YAML params and then opens the next route', async () => {
    mocks.call.mockResolvedValue({});
    renderWithProviders(<FormRenderer screen={{ id: 'f', route: '/f', type: 'form' }} props={props} />, '/f');
    await submitWith('abcd');
    await waitFor(() => expect(mocks.call).toHaveBeenCalledWith('user/update', { user_id: 7, username: 'abcd' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/ucenter/Myinfo'));
  });

  it('shows the field errors of a refused submit and stays on the page', async () => {
    mocks.call.mockRejectedValue(Object.assign(new Error('请按照要求输入正确的数据'), { errors: { username: ['账号已存在'] } }));
    renderWithProviders(<FormRenderer screen={{ id: 'f', route: '/f', type: 'form' }} props={props} />, '/f');
    await submitWith('abcd');
    await waitFor(() => expect(accountError()).toBe('账号已存在'));
    expect(screen.getByTestId('location').textContent).toBe('/f');
  });

  it('never sends invalid data', async () => {
    renderWithProviders(<FormRenderer screen={{ id: 'f', route: '/f', type: 'form' }} props={props} />, '/f');
    await submitWith('ab');
    await waitFor(() => expect(accountError()).toBe('账号最少为4位'));
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('holds 提交 while a select\'s choices are on their way (a click then was lost in the re-render they cause)', async () => {
    let answer!: (rows: unknown) => void;
    mocks.call.mockImplementation((endpoint: string) =>
      endpoint === 'classes/list' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({}));
    const withChoices: FormProps = {
      schema: { type: 'object', properties: { class_id: { type: 'integer', title: '班级' } } },
      options: { class_id: { endpoint: 'classes/list', items: 'data', label: 'name' } },
      submit: { endpoint: 'user/update', label: '提交' },
    };
    renderWithProviders(<FormRenderer screen={{ id: 'f', route: '/f', type: 'form' }} props={withChoices} />, '/f');
    await formReady();
    const button = () => screen.getByRole('button', { name: '提交' }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    act(() => answer({ data: [{ id: 3, name: '口腔1班' }] }));
    await waitFor(() => expect(button().disabled).toBe(false));
  });
});

describe('inputs whose label is hidden', () => {
  it('are still named for screen readers (the options of a question: label: false on each item)', async () => {
    const options = { type: 'object' as const, properties: { options: { type: 'array' as const, title: '选项', items: { type: 'string' as const }, default: ['', ''] } } };
    renderWithProviders(<SchemaForm schema={options} uiSchema={{ options: { items: { 'ui:options': { label: false } } } }} onSubmit={() => undefined} submitLabel="保存" />);
    await formReady();
    const inputs = screen.getAllByRole('textbox');
    expect(inputs).toHaveLength(2);
    expect(inputs.map((input) => input.getAttribute('aria-label'))).toEqual(['选项-1', '选项-2']);
    // No visible label is drawn for them.
    expect(document.querySelectorAll('label[for^="root_options_"]')).toHaveLength(0);
  });
});
