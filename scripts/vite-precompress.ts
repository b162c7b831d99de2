// The built scripts and stylesheets also as `<file>.gz`, gzipped once at build time: the server sends those as they are
// (@fastify/static `preCompressed`, server/app.ts) instead of gzipping the 500 KB entry anew for every first visit,
// which took ~30 ms of the server's one thread and made the entry the last file of a cold load to arrive.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** What @fastify/compress would compress on the fly (server/app.ts `threshold`). */
const WORTH_COMPRESSING = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

export function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = fs.readFileSync(file);
        if (content.length < WORTH_COMPRESSING) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
