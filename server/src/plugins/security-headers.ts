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

const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeadersPlugin = fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https://');
    // JSON answers are never rendered, so they get OWASP's short API set; pages get the full policy.
    const apiHeaders: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    };
    const pageHeaders: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      'Cross-Origin-Opener-Policy': 'same-origin',
      ...(https ? { 'Strict-Transport-Security': HSTS } : {}),
    };
    app.addHook('onSend', (request, reply, payload, done) => {
      const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
      if (isApi || request.url.startsWith('/ops/')) reply.headers(apiHeaders);
      else {
        reply.headers(pageHeaders);
        if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
