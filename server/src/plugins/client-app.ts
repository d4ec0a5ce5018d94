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
    app.decorate('clientIndexHtml', indexHtml);
  },
  { name: 'client-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    clientIndexHtml?: string;
  }
}
