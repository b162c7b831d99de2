import type { AppConfig } from '../../shared/config-types';
import type { ConfigStore } from '../config/store';
import type { ContentSources } from './security-headers';

/** Keys whose absolute URLs the browser loads as images, or as video/audio (e.g. the landing page's `videos`). */
const IMAGE_KEYS = new Set(['src', 'poster', 'logo', 'image', 'cover', 'icon', 'background']);
const MEDIA_KEYS = new Set(['src']);

const DIRECTIVES = ['img-src', 'media-src', 'frame-src', 'connect-src', 'font-src'] as const;

function originOf(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The sources besides this site that the Content-Security-Policy allows, from the configuration: the origins of
 * absolute image and media URLs written in it (a school's logo or a landing video on another host), and what
 * app.yaml names under `security.contentSources` (e.g. `frame-src` for a simulation vendor). Nothing is loosened
 * for everyone: a source is allowed because the configuration uses or names it.
 */
export function contentSourcesOf(c: { screens?: unknown; branding?: unknown; app?: Pick<AppConfig, 'security'> }): ContentSources {
  const found: Record<string, Set<string>> = Object.fromEntries(DIRECTIVES.map((d) => [d, new Set<string>()]));
  const walk = (node: unknown, key: string): void => {
    if (typeof node === 'string') {
      const origin = originOf(node);
      if (origin && IMAGE_KEYS.has(key)) found['img-src'].add(origin);
      if (origin && MEDIA_KEYS.has(key)) found['media-src'].add(origin);
    } else if (Array.isArray(node)) {
      node.forEach((item) => walk(item, key));
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, k);
    }
  };
  walk({ screens: c.screens, branding: c.branding, app: c.app }, '');
  const named: ContentSources = c.app?.security?.contentSources ?? {};
  for (const directive of DIRECTIVES) for (const source of named[directive] ?? []) found[directive].add(source);
  return Object.fromEntries(DIRECTIVES.filter((d) => found[d].size).map((d) => [d, [...found[d]].sort()])) as ContentSources;
}

/** `contentSourcesOf` over the configuration being served (all schools), worked out again only when it changes. */
export function liveContentSources(store: ConfigStore): () => ContentSources {
  let version = '';
  let sources: ContentSources = {};
  return () => {
    store.refresh();
    if (store.version !== version) {
      // Every school's merged configuration: the page is the same file for all of them.
      const all = [0, ...store.schoolIds()].map((id) => contentSourcesOf(store.forSchool({ id })));
      sources = Object.fromEntries(DIRECTIVES.map((d) => [d, [...new Set(all.flatMap((s) => s[d] ?? []))].sort()]).filter(([, list]) => list.length));
      version = store.version;
    }
    return sources;
  };
}
