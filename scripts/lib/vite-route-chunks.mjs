import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file the plugin writes into the build (dist/client/route-chunks.json). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * The lazy pages of the router, by URL path: `name: () => import('../pages/x/x-page')` in
 * client/src/app/routes.tsx joined with `name: '/path'` in client/src/app/paths.ts.
 * @param {string} appDir client/src/app
 * @returns {{ path: string, module: string }[]}
 */
export function lazyPages(appDir) {
  const paths = new Map(
    [...readFileSync(join(appDir, 'paths.ts'), 'utf8').matchAll(/^\s+(\w+): '(\/[^']*)',/gm)].map((m) => [m[1], m[2]]),
  );
  const routes = readFileSync(join(appDir, 'routes.tsx'), 'utf8');
  return [...routes.matchAll(/^\s+(\w+): \(\) => import\('(\.\.\/pages\/[^']+)'\)/gm)].map((m) => {
    const path = paths.get(m[1]);
    if (!path) throw new Error(`routes.tsx loads page "${m[1]}" that paths.ts does not name`);
    return { path, module: join(appDir, `${m[2]}.tsx`) };
  });
}

/**
 * Writes route-chunks.json: the chunks of the first load (the entry and its static imports) and, for
 * each lazy route, the JavaScript and CSS it needs on top of them (its page chunk and that chunk's
 * static imports). The server turns a route's list into preload links in the HTML it sends for that
 * route, so the page's chunks download with the entry instead of after it; `npm run size` prints it.
 * @param {string} appDir client/src/app
 * @returns {import('vite').Plugin}
 */
export function routeChunks(appDir) {
  return {
    name: 'casino-route-chunks',
    apply: 'build',
    // After every other plugin (Vite drops CSS-only chunks late), from the bundle as written.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start, skip = new Set()) => {
        const seen = new Set();
        const queue = [start];
        while (queue.length) {
          const file = queue.shift();
          if (seen.has(file) || skip.has(file)) continue;
          seen.add(file);
          queue.push(...(byFile.get(file)?.imports ?? []).filter((f) => byFile.has(f)));
        }
        return seen;
      };
      const cssOf = (files) => [...files].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const first = closure(entry.fileName);
      const routes = {};
      for (const page of lazyPages(appDir)) {
        const chunk = chunks.find((c) => c.facadeModuleId === page.module);
        if (!chunk) throw new Error(`no chunk for the page ${page.module}`);
        const own = closure(chunk.fileName, first);
        routes[page.path] = { js: [...own], css: [...new Set(cssOf(own))] };
      }
      writeFileSync(
        join(options.dir ?? '', ROUTE_CHUNKS_FILE),
        JSON.stringify({ entry: entry.fileName, firstLoad: [...first], routes }, null, 1),
      );
    },
  };
}
