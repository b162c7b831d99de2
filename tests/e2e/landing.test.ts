import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, loginAs, openPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function ticketFor(username: string): Promise<string> {
  const reply = await fetch(`${baseURL()}/api/landing/issue_ticket`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-partner-secret': 'dev-partner-secret' },
    body: new URLSearchParams({ username, school_id: '100002' }),
  }).then((r) => r.json());
  return reply.data.ticket;
}

describe('landing page /njkq', () => {
  it('opens the Notice dialog for a student entry without a ticket, and offers the reviewer entry', async () => {
    const page = await openPage(browser, '/njkq');
    await page.getByRole('button', { name: '评审专家入口' }).waitFor();
    await page.getByRole('button', { name: '学生入口' }).click();
    const dialog = page.getByRole('dialog', { name: '提示' });
    await dialog.waitFor();
    await expect(dialog.getByText('非法访问').waitFor()).resolves.toBeUndefined();
    await expect(dialog.getByRole('link', { name: '省级虚拟仿真实验教学共享平台' }).getAttribute('href')).resolves.toMatch(/^https:\/\//);
    await page.context().close();
  });

  it('filters the gallery (6 / 2 / 2 / 2) with the active filter disabled', async () => {
    const page = await openPage(browser, '/njkq');
    const images = page.getByTestId('gallery').locator('img');
    await images.first().waitFor();
    expect(await images.count()).toBe(6);
    await expect(page.getByTestId('gallery-filter-all').isDisabled()).resolves.toBe(true);
    // Drawn as the chosen one (white on the primary colour), not greyed out like an unavailable button.
    expect(await page.getByTestId('gallery-filter-all').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    for (const key of ['prep', 'op', 'practice']) {
      await page.getByTestId(`gallery-filter-${key}`).click();
      await expect.poll(() => images.count()).toBe(2);
      await expect(page.getByTestId(`gallery-filter-${key}`).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('gallery-filter-all').isDisabled()).resolves.toBe(false);
    }
    await page.context().close();
  });

  it('scrolls to each section from the header links, at a minimum width of 1200 px', async () => {
    const page = await openPage(browser, '/njkq', { width: 1000, height: 700 });
    await page.getByTestId('landing-section-4').waitFor();
    expect(await page.locator('.landing').evaluate((el) => el.getBoundingClientRect().width)).toBe(1200);
    const top = (i: number) => page.getByTestId(`landing-section-${i}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
    for (const i of [3, 1, 2]) {
      await page.getByTestId(`landing-nav-${i}`).click();
      await expect.poll(() => top(i), { timeout: 5000 }).toBeLessThan(80);
    }
    // the last section cannot reach the top of the window: it is scrolled fully into view instead
    await page.getByTestId('landing-nav-4').click();
    await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2), { timeout: 5000 }).toBe(true);
    await page.getByTestId('landing-nav-0').click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await page.context().close();
  });

  it('sends a student with a ticket to the 3D app with user id + API base + code + 51, where the identity checks out', async () => {
    const ticket = await ticketFor('stu00007');
    const page = await openPage(browser, `/njkq?ticket=${ticket}`);
    await page.getByRole('button', { name: '学生入口' }).waitFor();
    expect(await page.getByRole('button', { name: '评审专家入口' }).count()).toBe(0);
    await page.getByRole('button', { name: '学生入口' }).click();
    await page.waitForURL(/\/apps\/oral-exam\/index\.html\?/);
    const [userId, apiBase, code, constant] = decodeURIComponent(new URL(page.url()).search.slice(1)).split('+');
    expect(apiBase).toBe(`${baseURL()}/api/`);
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect(constant).toBe('51');
    await page.waitForSelector(`body[data-verified="${userId}"]`);
    await expect(page.locator('#who').textContent()).resolves.toBeTruthy();
    await page.context().close();
  });

  it('lets the reviewer in without a ticket', async () => {
    const page = await openPage(browser, '/njkq');
    await page.getByRole('button', { name: '评审专家入口' }).click();
    await page.waitForURL(/\/apps\/oral-exam\/index\.html\?17\+/);
    await page.waitForSelector('body[data-verified="17"]');
    await page.context().close();
  });

  it("names the site's own school: another school's sub-domain never shows the demo school's name or address", async () => {
    const other = new URL(baseURL());
    other.hostname = 'jnkq.localhost';
    const info = await fetch(`${baseURL()}/api/school/get_info`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'domain_name=jnkq' }).then((r) => r.json());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${other.origin}/#/njkq`);
    const footer = page.getByTestId('landing-footer');
    await expect.poll(() => footer.textContent(), { timeout: 15_000 }).toBe(`© 2026 ${info.data.school_name} 版权所有`);
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('华康医科大学');
    expect(await page.getByTestId('landing-contact').innerText()).toContain(info.data.school_name);

    const demo = await openPage(browser, '/njkq');
    await expect.poll(() => demo.getByTestId('landing-contact').innerText(), { timeout: 15_000 }).toContain('文一西路 1188 号');
    expect(await demo.getByTestId('landing-footer').textContent()).toContain('华康医科大学');
    await page.close();
    await demo.context().close();
  });

  it('the demo 3D app treats its address and server replies as text and talks only to this site (script injection refused)', async () => {
    const page = await openPage(browser, '/login');
    await loginAs(page, 'demo', 'demo123');
    await page.waitForURL(/#\/ucenter\/practiceList/);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    // The review's attack: an API base that is a data: URL answering a message with markup that runs script.
    await page.goto(`${baseURL()}/apps/oral-exam/?1+data%3Aapplication%2Fjson%2C%7B%22code%22%3A0%2C%22message%22%3A%22%3Cimg%20src%3Dx%20onerror%3Dalert(document.cookie)%3E%22%7D%23+x+51`);
    await page.locator('#status.error').waitFor();
    expect(await page.locator('#status').textContent()).toContain('不属于本平台');
    // Another site as API base: refused before any request leaves.
    await page.goto(`${baseURL()}/apps/oral-exam/?1+${encodeURIComponent('https://attacker.example/api/')}+abcdef+51`);
    await page.locator('#status.error').waitFor();
    // A reply with markup from our own API is shown as text.
    await page.route('**/api/landing/verify_code', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 0, message: '<img src=x onerror=alert(1)>' }) }));
    await page.goto(`${baseURL()}/apps/oral-exam/?1+${encodeURIComponent(`${baseURL()}/api/`)}+abcdef+51`);
    await page.locator('#status.error').waitFor();
    expect(await page.locator('#status').textContent()).toBe('<img src=x onerror=alert(1)>');
    await page.waitForTimeout(300);
    expect(await page.locator('#status img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(baseURL()) && !u.startsWith('data:'))).toEqual([]);
    await page.context().close();
  });
});
