// The font-subsetting worker thread (server/fonts/pool.ts starts it): cutting a subset of a 20 MB CJK font is
// hundreds of milliseconds of pure computation per request, which must not run on the server's event loop.
// Plain JavaScript, so Node can start it however the server was started (tsx, vitest); it loads the TypeScript
// subsetter itself. Messages: { id, path, text } in; { id, base64, missing } or { id, error } out.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const subsetter = tsImport('./subset.ts', import.meta.url);

parentPort.on('message', async ({ id, path, text }) => {
  try {
    const { subsetFont } = await subsetter;
    const { font, missing } = subsetFont(path, text);
    // Encoded here too: base64 of a 1 MB subset is work the event loop is spared.
    parentPort.postMessage({ id, base64: font.toString('base64'), missing: missing.join('') });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
