// @vitest-environment jsdom
import './setup-dom';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanPanel } from '../../src/custom/login/ScanPanel';
import { QueryProvider } from './renderer-harness';

const mocks = vi.hoisted(() => ({ call: vi.fn(), confirmed: false, scenes: 0 }));
vi.mock('../../src/engine', async () => ({
  api: { call: mocks.call },
  endpointKey: (await import('../../src/engine/query')).endpointKey,
}));

const LOGIN = { token: 'tok', user: { id: 7 } };
const checks = () => mocks.call.mock.calls.filter(([name]) => name === 'user/checkQRCode');

function renderPanel(onLogin: (reply: Record<string, unknown>) => Promise<void>, expireSeconds = 30) {
  render(
    <MantineProvider>
      <QueryProvider>
        <ScanPanel pollSeconds={0.05} expireSeconds={expireSeconds} hint="请使用微信扫码" expiredText="二维码已失效，点击刷新" onLogin={onLogin} />
      </QueryProvider>
    </MantineProvider>,
  );
}

describe('scan login panel', () => {
  beforeEach(() => {
    mocks.confirmed = false;
    mocks.scenes = 0;
    mocks.call.mockReset().mockImplementation(async (name: string) => {
      if (name === 'user/generateQRCode') return { sceneId: `scene-${++mocks.scenes}`, qrCodeUrl: 'data:image/png;base64,AA==' };
      if (name === 'user/checkQRCode') {
        if (mocks.confirmed) return LOGIN;
        throw new Error('尚未确认');
      }
      throw new Error(`unexpected call ${name}`);
    });
  });

  it('polls the scene until it is confirmed, signs in once with the reply, then stops asking', async () => {
    const onLogin = vi.fn(async () => undefined);
    renderPanel(onLogin);
    await waitFor(() => expect(screen.getByTestId('qr-box').getAttribute('data-scene')).toBe('scene-1'));
    await waitFor(() => expect(checks().length).toBeGreaterThanOrEqual(2));
    expect(onLogin).not.toHaveBeenCalled();
    mocks.confirmed = true;
    await waitFor(() => expect(onLogin).toHaveBeenCalledWith(LOGIN));
    const asked = checks().length;
    await new Promise((done) => setTimeout(done, 300));
    expect(checks().length).toBe(asked);
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(checks().every(([, params]) => params.scene === 'scene-1')).toBe(true);
  });

  it('stops polling when the code expires, and 刷新 makes a new scene that is polled again', async () => {
    renderPanel(async () => undefined, 0.3);
    await waitFor(() => expect(screen.getByTestId('qr-expired')).toBeTruthy(), { timeout: 5000 });
    const asked = checks().length;
    expect(asked).toBeGreaterThan(0);
    await new Promise((done) => setTimeout(done, 300));
    expect(checks().length).toBe(asked);
    fireEvent.click(screen.getByTestId('qr-expired'));
    await waitFor(() => expect(screen.getByTestId('qr-box').getAttribute('data-scene')).toBe('scene-2'));
    expect(screen.queryByTestId('qr-expired')).toBeNull();
    await waitFor(() => expect(checks().some(([, params]) => params.scene === 'scene-2')).toBe(true));
  });
});
