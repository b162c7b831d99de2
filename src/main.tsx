// The entry: a small first download that starts the visit (engine/early.ts: session, configuration, the first page's
// reads) and then loads the application. The reads go out as soon as the configuration answers, while the
// application's code downloads and evaluates, not after (index.html preloads both the configuration and that code).
import './engine/skeleton.css';
import { startVisit } from './engine/early';
import { session } from './engine/session';
import { firstCallPlans } from './renderers/firstCalls';

// After a new version is deployed, a page opened before asks for code files (lazily loaded parts) that no longer
// exist: load the new version instead of failing, once a minute at most so a real outage still shows its error.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('reloadedForNewVersion') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('reloadedForNewVersion', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

/**
 * How long the application's evaluation (one long task, ~200 ms on a classroom laptop) waits for the configuration
 * to answer: the answer usually comes first (index.html preloads it), and the reads it lets out then travel while
 * the application evaluates instead of after; a slow answer delays the evaluation by no more than this.
 */
const READS_FIRST_MS = 150;

const visit = startVisit(firstCallPlans);
// A visitor (no token) is shown the login form first, wherever the visit starts: its lazily loaded page is fetched
// alongside the application instead of after it (its form needs no form library: PlainForm).
if (!session.token()) void import('./custom/login/LoginPage');
// The application's script is already downloading (index.html preloads it); importing it is what runs it.
Promise.race([visit.readsSent, new Promise((wait) => setTimeout(wait, READS_FIRST_MS))]).then(() => import('./app')).then(
  // No module when a reload for a new version is under way (the handler above).
  (app: typeof import('./app') | undefined) => app?.start(document.getElementById('root')!),
  () => {
    // Not even a reload brought the application (see above): say so instead of leaving the outline for ever.
    document.getElementById('root')!.textContent = '页面加载失败，请检查网络后刷新页面。';
  },
);
