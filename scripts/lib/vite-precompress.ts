import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, at build
 * time: the server's static plugin sends them (`preCompressed`) to browsers that accept them, so no
 * answer is compressed per request. A variant that saves nothing is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'casino-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = join(dir, fileName);
        const raw = readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const br = brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
