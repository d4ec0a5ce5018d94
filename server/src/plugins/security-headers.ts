import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The CSP allows same-origin frames (the game provider and the
 * payment sandbox are served by this server); a page that sets its own CSP (the API docs) keeps it.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    app.addHook('onSend', async (request, reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
      if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      if (request.url.startsWith('/api/') || request.url.startsWith('/ops/')) reply.header('Cache-Control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
