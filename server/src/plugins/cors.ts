import fp from 'fastify-plugin';

const ALLOWED_HEADERS = 'content-type, requestFrom, language, deviceId, authorization, Idempotency-Key';

/**
 * CORS for a client on another origin (Storybook, a second app): only the origins of `CORS_ORIGINS`, with
 * credentials (the session cookie) and preflight. No origin listed, no header sent: same-origin only.
 */
export const corsPlugin = fp(
  async (app) => {
    const origins = new Set(app.config.corsOrigins);
    if (origins.size === 0) return;
    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      if (!origin || !origins.has(origin)) return done();
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply
          .code(204)
          .header('access-control-allow-methods', 'GET, POST, DELETE')
          .header('access-control-allow-headers', ALLOWED_HEADERS)
          .header('access-control-max-age', '600')
          .send();
        return;
      }
      done();
    });
  },
  { name: 'cors' },
);
