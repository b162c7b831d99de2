import { describe, expect, it } from 'vitest';
import { isMobileBrowser, loginRedirect } from '../../src/engine/routes';
import { rootFontSize } from '../../src/engine/theme';

const scaling = { designWidth: 1920, baseFontSize: 16, maxScale: 2, minScale: 0.75 };

describe('shell behaviour', () => {
  it('scales the root font size to the window width against 1920, capped at 2x and floored', () => {
    expect(rootFontSize(1920, scaling)).toBe(16);
    expect(rootFontSize(2880, scaling)).toBe(24);
    expect(rootFontSize(7680, scaling)).toBe(32);
    expect(rootFontSize(1600, scaling)).toBe(13.33);
    expect(rootFontSize(800, scaling)).toBe(12);
    expect(rootFontSize(800, { ...scaling, minScale: undefined })).toBe(6.67);
  });

  it("keeps the spec's design for what app.yaml's scaling leaves out (a school may delete a value with null)", () => {
    expect(rootFontSize(7680, { designWidth: 1920, baseFontSize: 16, minScale: 0.75 })).toBe(32);
    expect(rootFontSize(960)).toBe(8);
    expect(rootFontSize(960, { baseFontSize: 20 })).toBe(10);
  });

  it('builds the login redirect from the full path, query included', () => {
    expect(loginRedirect('/login', { pathname: '/ucenter/practices', search: '?tab=2&x=1' })).toBe('/login?redirect=%2Fucenter%2Fpractices%3Ftab%3D2%26x%3D1');
  });

  it('recognises mobile browsers', () => {
    expect(isMobileBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36')).toBe(true);
    expect(isMobileBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36')).toBe(false);
  });
});
