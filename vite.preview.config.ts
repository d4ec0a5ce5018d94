import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * `npm run preview:ui`: the preview of the app's screens (client/preview.html, client/src/preview), served
 * by Vite only. msw's service worker is served from the installed msw package at /mockServiceWorker.js
 * (always the version the page's msw expects); nothing of it is written to client/public, so the
 * production build (vite.config.ts, input index.html) holds neither the worker nor the preview.
 */
const ART = fileURLToPath(new URL('server/public', import.meta.url));

const mockServiceWorker = (): Plugin => ({
  name: 'msw-worker',
  configureServer(server) {
    // game thumbnails, avatars and banners (SVG made in the repo), as the server serves them under /static
    server.middlewares.use('/static', (req, res, next) => {
      const file = normalize(join(ART, decodeURIComponent((req.url ?? '').split('?')[0] ?? '')));
      if (!file.startsWith(ART) || !file.endsWith('.svg') || !existsSync(file)) return next();
      res.setHeader('Content-Type', 'image/svg+xml');
      res.end(readFileSync(file));
    });
    const file = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
    server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Service-Worker-Allowed', '/');
      res.end(readFileSync(file));
    });
  },
});

export default defineConfig({
  root: 'client',
  plugins: [react(), mockServiceWorker()],
  // its own pre-bundled dependencies, away from the app's dev server cache (node_modules/.vite)
  cacheDir: join(tmpdir(), 'casino-ph-preview-vite'),
  server: {
    port: Number(process.env.PREVIEW_PORT ?? 5180),
    open: process.env.CI ? false : '/preview.html',
    fs: { allow: ['..'] },
  },
  build: { target: 'es2022' },
});
