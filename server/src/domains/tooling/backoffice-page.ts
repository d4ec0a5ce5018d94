import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CLIENT_DIR } from '../../plugins/client-app';

export const BACKOFFICE_FILE = join(CLIENT_DIR, 'backoffice.html');

/**
 * GET /ops in a browser: the back-office page, a second entry of the Vite build (client/backoffice.html)
 * that the player's bundle never loads. Its API calls carry the token typed on its login screen.
 */
export function backofficePage(app: FastifyInstance) {
  const html = existsSync(BACKOFFICE_FILE) ? readFileSync(BACKOFFICE_FILE, 'utf8') : undefined;
  app.get('/ops', { schema: { hide: true } }, (_request, reply) => {
    if (!html) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The back office is not built yet: run npm run build.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .send(html);
  });
}
