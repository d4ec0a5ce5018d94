import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { CLIENT_READ_RESPONSE_HEADERS, CLIENT_REQUEST_HEADERS } from '../../../shared/http-headers';

/**
 * CORS for a client on another origin (Storybook, a second app), by @fastify/cors: only the origins of
 * `CORS_ORIGINS`, with credentials (the session cookie) and preflight, allowing every header the clients
 * send (shared/http-headers.ts, the list they set their headers by). An unlisted origin gets no CORS
 * header, and its preflight the 404 envelope; no origin listed, the plugin is not even registered:
 * same-origin only.
 */
export const corsPlugin = fp(
  async (app) => {
    const origins = new Set(app.config.corsOrigins);
    if (origins.size === 0) return;
    await app.register(cors, {
      // false, not a refusal: an unlisted origin is answered as if CORS did not exist
      origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
      credentials: true,
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: [...CLIENT_REQUEST_HEADERS],
      exposedHeaders: [...CLIENT_READ_RESPONSE_HEADERS],
      maxAge: 600,
      // an OPTIONS without Access-Control-Request-Method gets the 204 too, not a text/plain 400 outside the envelope
      strictPreflight: false,
    });
  },
  { name: 'cors' },
);
