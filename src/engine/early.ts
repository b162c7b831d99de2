// The start of a visit, before the application's code has loaded. The entry (src/main.tsx) is a small download that
// calls startVisit and then loads the application: the configuration's answer (preloaded by index.html) and the first
// page's reads are taken up while the application downloads and evaluates, instead of after. The bootstrap
// (bootstrap.tsx) takes over the visit started here.
import { api, fetchSiteConfig } from './api';
import { shellSettings } from './config';
import { firstCallsOfPageSafely, sendFirstCalls, type FirstCallPlans } from './firstCalls';
import { hashLocation, loginRedirect } from './routes';
import { session } from './session';
import type { SiteConfig } from './types';

export interface Visit {
  /** The site configuration, already made the one the api and the session use; rejects when it cannot be loaded. */
  config: Promise<SiteConfig>;
  /** Settles when the first page's reads have answered (failures included: they stay in the cache for the screen). */
  firstReads: Promise<void>;
  /** Settles once the configuration has answered and the first reads (if any) are on their way, or it failed. */
  readsSent: Promise<void>;
  /** The profile came from this tab's storage, not from the configuration's answer: it may be stale. */
  storedProfile: boolean;
}

let current: Visit | null = null;

/** Makes a configuration the one the api and the session use: the first (startVisit), and each one fetched again. */
export function connect(config: SiteConfig): void {
  const settings = shellSettings(config);
  api.configure(config.endpoints, () => {
    window.location.hash = loginRedirect(settings.loginPath, hashLocation());
  });
  // A signed-in request's configuration carries the user's profile: the first page's calls that need it (the
  // student's id and class) go out at once, without a user/get_info round trip first.
  if (config.user && session.token()) session.setUser(config.user);
}

/** Restores the session, asks for the configuration, and sends the first page's reads as soon as it answers. */
export function startVisit(plans: FirstCallPlans): Visit {
  session.restore();
  const storedProfile = session.user() !== null;
  const config = fetchSiteConfig<SiteConfig>().then((next) => {
    connect(next);
    return next;
  });
  // Wrapped, so that `readsSent` settles when the reads leave, not when they answer.
  const sending = config.then(
    (next) => ({ answered: sendFirstCalls(firstCallsOfPageSafely(next, plans)) }),
    () => ({ answered: Promise.resolve() }),
  );
  current = { config, firstReads: sending.then((s) => s.answered), readsSent: sending.then(() => undefined), storedProfile };
  return current;
}

/** The visit the entry started (a test or a page without first reads starts one without them). */
export function currentVisit(): Visit {
  return current ?? startVisit({});
}
