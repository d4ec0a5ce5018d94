import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ROOT_DIR } from '../db/database';

export const CLIENT_DIR = join(ROOT_DIR, 'dist', 'client');

/** Paths the single-page app never answers: they belong to the API, the operator and the assets. */
const SERVER_PREFIXES = ['/api/', '/ops', '/static/', '/webSocket', '/sandbox/', '/provider/'];

export const isClientRoute = (url: string) => !SERVER_PREFIXES.some((p) => url.startsWith(p));

/** The back-office page and its scripts (the second Vite entry), served only while /ops exists. */
export const isBackofficeFile = (path: string) => /^\/?(backoffice\.html|assets\/backoffice[-.])/.test(path);

/** dist/client/route-chunks.json (scripts/lib/vite-route-chunks.mjs): each lazy route's own chunks. */
export interface RouteChunks {
  routes: Record<string, { js: string[]; css: string[] }>;
}

/**
 * index.html for each lazy route with preload links for that route's chunks, so the browser fetches
 * them beside the entry script instead of after it has run (one round trip less before the page
 * shows). Unknown paths, the lobby (in the entry) and a build without the file get the plain page.
 */
export function routePages(indexHtml: string, chunks: RouteChunks | null): Map<string, string> {
  const pages = new Map<string, string>();
  for (const [path, { js, css }] of Object.entries(chunks?.routes ?? {})) {
    const links = [
      ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...css.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    pages.set(path, indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  }
  return pages;
}

/** The page for a request URL: its route's variant, or index.html. */
export function pageFor(pages: Map<string, string>, indexHtml: string, url: string): string {
  const path = url.split('?')[0] ?? '';
  return pages.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path) ?? indexHtml;
}

/**
 * Serves the built client (dist/client) when there is one: its files, and index.html for every
 * client route (react-router decides; unknown paths go to the game lobby there).
 */
export const clientAppPlugin = fp(
  async (app) => {
    const indexFile = join(CLIENT_DIR, 'index.html');
    if (!existsSync(indexFile)) return;
    const indexHtml = readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root: CLIENT_DIR,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      // the build writes .br and .gz beside each text file (scripts/lib/vite-precompress.mjs)
      preCompressed: true,
      allowedPath: (path) => app.config.opsEnabled || !isBackofficeFile(path),
      setHeaders: (res, path) => {
        res.setHeader('Vary', 'Accept-Encoding');
        if (path.includes(`${join('dist', 'client', 'assets')}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    const chunksFile = join(CLIENT_DIR, 'route-chunks.json');
    const pages = routePages(
      indexHtml,
      existsSync(chunksFile) ? (JSON.parse(readFileSync(chunksFile, 'utf8')) as RouteChunks) : null,
    );
    app.decorate('clientPage', (url: string) => pageFor(pages, indexHtml, url));
  },
  { name: 'client-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The HTML to answer for a client route (index.html with that route's preload links). */
    clientPage?: (url: string) => string;
  }
}
