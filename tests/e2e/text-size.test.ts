import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './browser';

// On the commonest classroom laptop (1366×768) the spec's width-based scaling makes the root font 12 px; no text
// may be smaller than 12 px (the product logo's text included), and table text (status tags aside) must be at least
// 14 px, on every screen a student opens.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const LEAVES_THE_SITE = new Set(['/loadingpage', '/targetpage/:detailId', '/getzypage/:detailId']);

async function token(): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo123', school_id: '100002' }),
  }).then((r) => r.json());
  return reply.data.token;
}

/** Every visible piece of text on the page with its computed size, and the size of table cells. */
function measure(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    let smallTable = '';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || el.closest('[hidden],[aria-hidden="true"]')) continue;
      const size = parseFloat(style.fontSize);
      if (size < 11.95) small.push(`${size}px ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} "${text.slice(0, 12)}"`);
      if (el.closest('td') && !el.closest('.mantine-Badge-root') && size < 13.95 && !smallTable) smallTable = `${size}px "${text.slice(0, 12)}"`;
    }
    // The bundled product logos (public/branding/*.svg) draw their text at 17/40 of the image's height.
    const logo = document.querySelector('[data-testid="product-logo"]')?.getBoundingClientRect().height;
    const logoText = !logo ? null : (logo * 17) / 40; // none, or not shown (a console's login page)
    return { small: [...new Set(small)].slice(0, 6), smallTable, logoText, body: parseFloat(getComputedStyle(document.body).fontSize) };
  });
}

describe('text size at 1366×768', () => {
  it('is at least 12 px everywhere and 14 px in tables on every screen', async () => {
    const config = (await fetch(`${baseURL()}/api/config?school_id=100002`).then((r) => r.json())).data;
    const routes = Object.values(config.screens as Record<string, { route: string }>)
      .map((s) => s.route)
      .filter((r) => !LEAVES_THE_SITE.has(r))
      .sort();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addCookies([{ name: 'token', value: await token(), url: baseURL() }]);
    const page = await context.newPage();
    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(`${baseURL()}/#${route.replace(/:\w+/g, '1')}`);
      await page.waitForFunction(() => {
        const framed = document.querySelector<HTMLElement>('[data-screen]:not([hidden])');
        return (framed ?? document.body).innerText.trim() !== '' && !document.querySelector('.mantine-Loader-root');
      }, null, { timeout: 20_000 }).catch(() => undefined);
      const { small, smallTable, logoText, body } = await measure(page);
      if (body < 13.95) problems.push(`${route}: body text ${body}px`);
      if (logoText !== null && logoText < 11.95) problems.push(`${route}: the product logo's text ${logoText.toFixed(1)}px`);
      if (small.length) problems.push(`${route}: ${small.join('; ')}`);
      if (smallTable) problems.push(`${route}: table text ${smallTable}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
