import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/lib/vite-precompress.mjs';
import { routeChunks } from './scripts/lib/vite-route-chunks.mjs';

const server = `http://localhost:${process.env.PORT ?? 3000}`;

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
    proxy: {
      '/api': server,
      '/ops': server,
      '/static': server,
      '/sandbox': server,
      '/provider': server,
      '/webSocket': { target: server.replace('http', 'ws'), ws: true },
    },
  },
});
