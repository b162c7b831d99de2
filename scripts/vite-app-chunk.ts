// The site's first download in two files, fetched side by side: the entry (src/main.tsx: session, configuration, the
// first page's reads) and the application it then imports (src/app.tsx). Left alone, the bundler would cut the
// application into the many small chunks it shares with lazily loaded screens, each a request after the one before.
// `test` makes a codeSplitting group of src/app.tsx, which takes in what the application needs at once and the entry
// does not (rolldown adds a captured module's dependencies to its group; a group of higher priority, the entry's
// `$initial`, keeps what the entry needs). The plugin then names that chunk and its stylesheet in index.html, so the
// browser fetches them with the entry instead of when the entry asks for them.
import path from 'node:path';
import type { Plugin } from 'vite';

export interface AppChunk {
  plugin: Plugin;
  /** For a codeSplitting group: the module the application's chunk is built from. */
  test: (id: string) => boolean;
}

export function appChunk(root: string, app = 'src/app.tsx'): AppChunk {
  const appId = path.join(root, app);
  return {
    test: (id) => id === appId,
    plugin: {
      name: 'app-chunk',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html, { bundle }) {
          const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.moduleIds.includes(appId));
          if (!chunk || chunk.type !== 'chunk') return [];
          const css = [...(chunk.viteMetadata?.importedCss ?? [])];
          return [
            // Fetched now, applied when the entry imports the application (Vite's preload then adds the stylesheet):
            // the outline of the page paints without waiting for it.
            ...css.map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `./${file}` }, injectTo: 'head' as const })),
            ...[chunk.fileName, ...chunk.imports].filter((file) => !html.includes(file))
              .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
          ];
        },
      },
    },
  };
}
