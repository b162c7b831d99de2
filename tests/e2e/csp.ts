import type { BrowserContext } from 'playwright-core';

/** Contexts already watched (launchBrowser watches every context; a test may ask for the same one again). */
const watching = new WeakMap<BrowserContext, () => string[]>();

/**
 * Collects every breach of the Content-Security-Policy in a browser context: the `securitypolicyviolation` events of
 * each page (reported through a binding, so the listener runs before any of the page's own code and is itself no
 * inline script the policy could block) and the console's CSP errors. Returns what was seen so far, one line each.
 */
export async function watchCsp(context: BrowserContext): Promise<() => string[]> {
  const known = watching.get(context);
  if (known) return known;
  const seen: string[] = [];
  const report = () => [...new Set(seen)];
  watching.set(context, report);
  await context.exposeBinding('__reportCspViolation', ({ page }, line: string) => void seen.push(`${page.url()}: ${line}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`.trim());
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  return report;
}
