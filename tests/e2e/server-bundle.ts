import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

// The server the browser tests start, bundled once per run: the same sources as `npm start` runs through tsx, without
// compiling ~400 TypeScript modules again in every test file's server (tsx's loader and its esbuild service were a
// third of a server start's CPU: 9.7 s against 6.5 s per start measured under the suite's load).
const root = resolve(import.meta.dirname, '../..');

/** Each module keeps its own location: `import.meta.dirname`/`url` name the source file, not the bundle. */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs|js)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return undefined;
      return {
        loader: extname(args.path) === '.ts' ? 'ts' : 'js',
        contents: text
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      };
    });
  },
};

/** Modules the bundle takes from tests/e2e instead: reads kept for the run (tests/e2e/kept-reads.ts). */
const STAND_INS = new Map([
  [join(root, 'server/config/snapshot'), join(root, 'tests/e2e/config-read-cache.ts')],
  [join(root, 'server/contract'), join(root, 'tests/e2e/contract-read-cache.ts')],
]);

/** Imports of a module with a stand-in get the stand-in, except the stand-in's own import of the real module. */
const keptReads: Plugin = {
  name: 'kept-reads',
  setup(build) {
    build.onResolve({ filter: /\/(snapshot|contract)(\.js|\.ts)?$/ }, (args) => {
      const standIn = STAND_INS.get(resolve(args.resolveDir, args.path).replace(/\.(js|ts)$/, ''));
      return standIn && args.importer !== standIn ? { path: standIn } : undefined;
    });
  },
};

/**
 * Bundles server/main.ts into `dir`/main.mjs; packages stay imports. `dir` must lie inside the checkout so that Node
 * finds node_modules from it.
 */
export async function bundleServer(dir: string): Promise<string> {
  const outfile = join(dir, 'main.mjs');
  await build({
    entryPoints: [join(root, 'server/main.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [keptReads, ownLocation],
    logLevel: 'warning',
  });
  return outfile;
}
