import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appChunk } from './scripts/vite-app-chunk';
import { mantineCssPerComponent } from './scripts/vite-mantine-css';
import { precompressAssets } from './scripts/vite-precompress';

const app = appChunk(import.meta.dirname);

// The site is served by our own server (server/) in production and proxied to it in dev.
export default defineConfig({
  plugins: [react(), mantineCssPerComponent(import.meta.dirname), app.plugin, precompressAssets()],
  base: './',
  // The server puts a fresh nonce here in every index.html reply (server/http/spa-index.ts): the style nonce of the
  // Content-Security-Policy, read by src/engine/cspNonce.ts.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    // The first page's code in two files fetched side by side (not ~30 small shared ones, each a request with its
    // headers): the entry, and the application it imports (scripts/vite-app-chunk.ts); what loads later (forms, most
    // screens: registerLazy) stays split by use.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first', tags: ['$initial'], priority: 2 }, { name: 'app', test: app.test, priority: 1 }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/assets/seed': `http://localhost:${process.env.PORT ?? 8080}`, '/api': `http://localhost:${process.env.PORT ?? 8080}`, '/files': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
