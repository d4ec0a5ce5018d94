import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/lib/vite-precompress.mjs';

/**
 * The back office (/ops) is its own build into dist/client, after the player's: the player's bundle
 * stays byte for byte what it was, and nothing of the back office is shared with it. File names start
 * with "backoffice" so the server can refuse them all when OPS_ENABLED=false.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
    emptyOutDir: false,
    target: 'es2020',
    rollupOptions: {
      input: fileURLToPath(new URL('../backoffice.html', import.meta.url)),
      output: {
        entryFileNames: 'assets/backoffice-[hash].js',
        chunkFileNames: 'assets/backoffice-[name]-[hash].js',
        assetFileNames: 'assets/backoffice-[name]-[hash][extname]',
      },
    },
  },
});
