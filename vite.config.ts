import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/vite-precompress.mjs';
import { routeChunks } from './scripts/lib/vite-route-chunks.mjs';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * `npm run dev`: a browser opening /ops gets the back office from Vite (client/backoffice.html, hot
 * reload) instead of the server's built copy; its API calls under /ops still go to the server.
 */
const backofficePage = (req: { url?: string; headers: { accept?: string } }) =>
  /^\/ops\/?(\?.*)?$/.test(req.url ?? '') && req.headers.accept?.includes('text/html') ? '/backoffice.html' : undefined;

export default defineConfig({
  root: 'client',
  plugins: [react(), routeChunks(fileURLToPath(new URL('client/src/app', import.meta.url))), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // xfwd: the server learns the browser's own address (X-Forwarded-For), so its loopback-only dev routes
    // stay closed to a phone that reaches Vite over the network.
    proxy: {
      '/api': { target: server, xfwd: true },
      '/ops': { target: server, xfwd: true, bypass: backofficePage },
      '/static': server,
      '/sandbox': server,
      '/provider': server,
      '/webSocket': { target: server.replace('http', 'ws'), ws: true, xfwd: true },
    },
  },
});
