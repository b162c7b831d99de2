import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../src/engine/api';
import { classify, isRefusal, NETWORK_ERROR, OTHER_ERROR, SERVER_BUSY, SESSION_EXPIRED } from '../../src/engine/errors';

describe('error catalogue (shell spec §8)', () => {
  it('passes success through', () => {
    expect(classify(200, { code: 200, data: { a: 1 }, message: 'ok' })).toEqual({ ok: true, data: { a: 1 }, message: 'ok' });
  });

  it('ends the session and goes to Login on body code 401 or 402', () => {
    for (const code of [401, 402]) {
      expect(classify(200, { code, data: null, message: 'whatever' })).toMatchObject({ ok: false, message: SESSION_EXPIRED, endSession: true, toLogin: true });
    }
    expect(classify(401, { code: 401, data: null, message: '登录信息已失效，请重新登录！' })).toMatchObject({ endSession: true, toLogin: true });
  });

  it('shows the server message and ends the session on 409', () => {
    expect(classify(200, { code: 409, data: null, message: '账号已在别处登录' })).toMatchObject({ message: '账号已在别处登录', endSession: true, toLogin: true });
  });

  it('joins field errors of an HTTP error, each followed by a line break', () => {
    const outcome = classify(422, { code: 422, data: null, message: '请输入账号', errors: { username: ['请输入账号'], password: ['请输入密码'] } });
    expect(outcome).toMatchObject({ ok: false, message: '请输入账号\n请输入密码\n', endSession: false });
    expect(classify(404, { code: 404, data: null, message: '学校不存在' })).toMatchObject({ message: '学校不存在' });
  });

  it('says which kind of failure when a reply has no body of ours (no reply, server trouble, other)', () => {
    expect(classify(null, null)).toMatchObject({ ok: false, message: NETWORK_ERROR, code: null });
    expect(classify(502, '<html>Bad gateway</html>')).toMatchObject({ ok: false, message: SERVER_BUSY });
    expect(classify(413, '<html>Too large</html>')).toMatchObject({ ok: false, message: OTHER_ERROR });
  });

  it('treats code 0 as a failure with the server message', () => {
    expect(classify(200, { code: 0, data: null, message: '账号或密码错误' })).toMatchObject({ ok: false, code: 0, message: '账号或密码错误', endSession: false });
  });

  it('tells a refusal of what was asked (no retry can help) from a failure worth retrying', () => {
    const failure = (status: number | null) => new ApiCallError('x', status, status);
    for (const status of [400, 403, 404, 422]) expect(isRefusal(failure(status)), String(status)).toBe(true);
    // The session (401/402: to the login page), a timeout, a conflict, too many requests, the server's trouble, no reply.
    for (const status of [401, 402, 408, 409, 429, 500, 503, null]) expect(isRefusal(failure(status)), String(status)).toBe(false);
    expect(isRefusal(new Error('网络连接失败'))).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });
});
