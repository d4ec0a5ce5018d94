import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, once, at build
 * time: the server's static plugin sends them (`preCompressed`) to browsers that accept them, so no
 * answer is compressed per request. A variant that saves nothing is not written.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  return {
    name: 'casino-precompress',
    apply: 'build',
    // Brotli at quality 11 is slow by design (a few seconds, more on a busy machine), and this hook awaits
    // it: Rolldown's bundler-timing check would then print a [PLUGIN_TIMINGS] warning after every green
    // build naming this plugin. The time is known and paid once per build; the warning says nothing new.
    config: () => ({ build: { rolldownOptions: { checks: { bundlerTimings: false } } } }),
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = join(dir, name);
          const raw = await readFile(file);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            toBrotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            toGzip(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
