import './renderers';
import { preloadLoginPage } from './custom';
import { session } from './engine';
import { start } from './engine/bootstrap';

// After a new version is deployed, a page opened before asks for code files (lazily loaded parts) that no longer
// exist: load the new version instead of failing, once a minute at most so a real outage still shows its error.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('reloadedForNewVersion') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('reloadedForNewVersion', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// A visitor (no token) is shown the login form first, wherever the visit starts: fetch the lazily loaded login page
// alongside the configuration instead of after it (its form needs no form library: PlainForm).
if (!session.token()) preloadLoginPage();
start(document.getElementById('root')!);
