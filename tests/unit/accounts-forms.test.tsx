// @vitest-environment jsdom
import './setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

// The change-password screen's shape (config/screens/change-password.yaml).
const props: FormProps = {
  schema: { type: 'object', required: ['old_password', 'new_password', 'new_password_repeat'], properties: { old_password: { type: 'string', title: '原密码' }, new_password: { type: 'string', title: '新密码' }, new_password_repeat: { type: 'string', title: '确认新密码' } } },
  sameAs: [{ field: 'new_password_repeat', as: 'new_password', message: '两次密码不一致！' }],
  submit: { endpoint: 'user/edit_password', signOut: true },
};
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
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
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
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(mocks.call).toHaveBeenCalledWith('user/edit_password', { old_password: 'demo123', new_password: 'Abc12345', new_password_repeat: 'Abc12345' });
    expect(mocks.clear).toHaveBeenCalledOnce();
  });
});
