// @vitest-environment jsdom
import './setup-dom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parse } from 'yaml';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import FormRenderer from '../../src/renderers/form';
import type { FormProps } from '../../src/renderers/form/schema.gen';
import { formReady, renderWithProviders } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), clear: vi.fn() }));
vi.mock('../../src/renderers/shared/engine', async () =>
  (await import('./renderer-harness')).fakeEngine({
    api: { call: mocks.call },
    useSiteConfig: () => ({ school: { id: 100002 }, features: {}, app: { loginPath: '/login' } }),
    useSession: () => ({ user: { id: 7 } }),
    session: { clear: mocks.clear },
    shellSettings: (c: { app: unknown }) => c.app,
  }),
);

// The shipped screen, as operators configure it.
const props = (parse(readFileSync(join(import.meta.dirname, '../../config/screens/change-password.yaml'), 'utf8')) as { props: FormProps }).props;
const submitLabel = props.submit.label!;
const fill = (field: string, value: string) => fireEvent.change(document.getElementById(`root_${field}`)!, { target: { value } });

describe('form renderer: sameAs and signOut (password change)', () => {
  beforeEach(() => {
    mocks.call.mockReset();
    mocks.clear.mockReset();
  });

  it('refuses different repeats in the browser, without calling the server', async () => {
    renderWithProviders(<FormRenderer screen={{ id: 'change-password', route: '/x', type: 'form' }} props={props} />, '/ucenter/myInfo?tab=password');
    await formReady();
    fill('old_password', 'demo123');
    fill('new_password', 'Abc12345');
    fill('new_password_repeat', 'Abc12346');
    fireEvent.click(screen.getByRole('button', { name: submitLabel }));
    expect((await screen.findAllByText('两次密码不一致！')).length).toBeGreaterThan(0);
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('after success ends the session and goes to the login page', async () => {
    mocks.call.mockResolvedValue(null);
    renderWithProviders(<FormRenderer screen={{ id: 'change-password', route: '/x', type: 'form' }} props={props} />, '/ucenter/myInfo?tab=password');
    await formReady();
    fill('old_password', 'demo123');
    fill('new_password', 'Abc12345');
    fill('new_password_repeat', 'Abc12345');
    fireEvent.click(screen.getByRole('button', { name: submitLabel }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(mocks.call).toHaveBeenCalledWith('user/edit_password', { old_password: 'demo123', new_password: 'Abc12345', new_password_repeat: 'Abc12345' });
    expect(mocks.clear).toHaveBeenCalledOnce();
  });

  it('says why it is shown when an administrator set the password (?reason=must-change), and only then', async () => {
    const view = renderWithProviders(<FormRenderer screen={{ id: 'change-password', route: '/x', type: 'form' }} props={props} />, '/ucenter/myInfo?tab=password&reason=must-change');
    await formReady();
    expect(screen.getByRole('status').textContent).toBe('管理员已为您设置了新密码，请先修改密码后再使用其他功能');
    view.unmount();
    renderWithProviders(<FormRenderer screen={{ id: 'change-password', route: '/x', type: 'form' }} props={props} />, '/ucenter/myInfo?tab=password');
    await formReady();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the screen's own messages for an empty form and a new password that breaks the rules", async () => {
    renderWithProviders(<FormRenderer screen={{ id: 'change-password', route: '/x', type: 'form' }} props={props} />, '/ucenter/myInfo?tab=password');
    await formReady();
    fireEvent.click(screen.getByRole('button', { name: submitLabel }));
    for (const message of ['请输入原密码', '请输入新密码', '请确认新密码']) expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    fill('old_password', 'demo123');
    fill('new_password', '中文密码');
    fill('new_password_repeat', '中文密码');
    fireEvent.click(screen.getByRole('button', { name: submitLabel }));
    expect((await screen.findAllByText('密码只能为数字或者英文')).length).toBeGreaterThan(0);
    fill('new_password', 'ab1');
    fireEvent.click(screen.getByRole('button', { name: submitLabel }));
    expect((await screen.findAllByText('密码最少为6位')).length).toBeGreaterThan(0);
    expect(mocks.call).not.toHaveBeenCalled();
  });
});
