// Mantine's stylesheet per component instead of one 255 KB file that blocks the first paint: in a production build
// every Mantine CSS-module map (`<Name>.module.mjs`, the class names a component uses) also imports that component's
// stylesheet, so each component's CSS travels with the chunk that contains the component — the first page's
// components in the entry's stylesheet, the rest with the lazily loaded chunks that use them (Vite loads a chunk's CSS
// before it runs it, so nothing is drawn unstyled). The `.layer.css` files put Mantine's rules in `@layer mantine`:
// the site's own (unlayered) rules override them whatever order the files arrive in. The dev server, whose
// pre-bundled dependencies pass no transform, links the whole layered stylesheet instead. (@mantine/notifications,
// dates and tiptap have one small stylesheet each, imported where they are used.)
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const MODULE_MAP = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;

export function mantineCssPerComponent(root: string): Plugin {
  let serve = false;
  return {
    name: 'mantine-css-per-component',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      const match = MODULE_MAP.exec(id);
      if (!match) return null;
      const css = `@mantine/core/styles/${match[1]}.layer.css`;
      if (!fs.existsSync(path.join(root, 'node_modules', css))) this.error(`mantine-css-per-component: ${css} not found for ${id}`);
      return { code: `import '${css}';\n${code}`, map: null };
    },
    transformIndexHtml() {
      if (!serve) return [];
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href: '/node_modules/@mantine/core/styles.layer.css' }, injectTo: 'head' }];
    },
  };
}
