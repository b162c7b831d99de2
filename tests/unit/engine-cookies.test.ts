// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cookieAttributes, readCookie, removeCookie, writeCookie } from '../../src/engine/cookies';

describe('cookies (issue 14 #15)', () => {
  it('marks the token cookie Secure when the site is served over HTTPS, and not over plain HTTP', () => {
    expect(cookieAttributes('https:')).toBe('path=/; SameSite=Lax; Secure');
    expect(cookieAttributes('http:')).toBe('path=/; SameSite=Lax');
  });

  it('writes the attributes for the page it runs on', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeCookie('token', 'abc');
    expect(set).toHaveBeenCalledWith(expect.stringMatching(/^token=abc; expires=.+; path=\/; SameSite=Lax$/)); // jsdom page is http:
    set.mockRestore();
  });

  it('asks the browser once per task, sees its own writes at once and another tab\'s change in the next task', async () => {
    writeCookie('token', 'first');
    const get = vi.spyOn(document, 'cookie', 'get');
    expect(readCookie('token')).toBe('first');
    expect(readCookie('token')).toBe('first');
    expect(readCookie('login_keys')).toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
    writeCookie('token', 'second');
    expect(readCookie('token')).toBe('second');
    removeCookie('token');
    expect(readCookie('token')).toBeNull();
    get.mockRestore();
    // Another tab signs in: this page's next task reads the new cookie.
    document.cookie = 'token=other-tab; path=/';
    expect(readCookie('token')).toBeNull(); // still this task's reading
    await Promise.resolve();
    expect(readCookie('token')).toBe('other-tab');
  });
});
