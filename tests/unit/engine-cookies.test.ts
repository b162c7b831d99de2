// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cookieAttributes, writeCookie } from '../../src/engine/cookies';

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
});
