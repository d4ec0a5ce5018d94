import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { ROOT_DIR } from '../db/database';

/** Images and other files made in the repo (avatars, banners, logos, thumbnails), under /static/. */
export const staticAssetsPlugin = fp(
  async (app) => {
    await app.register(fastifyStatic, {
      root: join(ROOT_DIR, 'server', 'public'),
      prefix: '/static/',
      decorateReply: false,
      maxAge: '7d',
      immutable: false,
    });
  },
  { name: 'static-assets' },
);
