import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The site is served by our own server (server/) in production and proxied to it in dev.
export default defineConfig({
  plugins: [react()],
  base: './',
  build: { outDir: 'dist', chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/assets/seed': `http://localhost:${process.env.PORT ?? 8080}`, '/api': `http://localhost:${process.env.PORT ?? 8080}`, '/files': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
