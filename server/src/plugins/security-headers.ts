import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer, by helmet: each of its headers is off unless named here, so the
 * answers carry the same set as ever. The CSP allows same-origin frames (the game provider and the payment
 * sandbox are served by this server); a page that sets its own CSP (the API docs) keeps it, the route's
 * header winning over the one helmet sets on the raw answer.
 */
const NONE: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
};

const PAGE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/** Hand-written: helmet has no Permissions-Policy option. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

export const securityHeadersPlugin = fp(
  async (app) => {
    const hsts = app.config.publicUrl.startsWith('https://') ? HSTS : false;
    // JSON answers are never rendered, so they get OWASP's short API set; pages get the full policy.
    const apiHeaders = helmet({
      ...NONE,
      xContentTypeOptions: true,
      xFrameOptions: { action: 'deny' },
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      },
      strictTransportSecurity: hsts,
    });
    const pageHeaders = helmet({
      ...NONE,
      xContentTypeOptions: true,
      xFrameOptions: { action: 'sameorigin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      contentSecurityPolicy: { useDefaults: false, directives: PAGE_CSP },
      strictTransportSecurity: hsts,
    });
    const next = (error?: unknown) => {
      if (error) throw error;
    };
    // onSend, not @fastify/helmet's onRequest: the split is by path (404s under /api included), and an
    // answer sent by an earlier onRequest hook (429, the requestFrom 403, a CORS preflight) gets its set too.
    app.addHook('onSend', (request, reply, payload, done) => {
      const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
      if (isApi || request.url.startsWith('/ops/')) {
        apiHeaders(request.raw, reply.raw, next);
        // Not a helmet header; over whatever the route set: an API answer is never cached.
        reply.header('Cache-Control', 'no-store');
      } else {
        pageHeaders(request.raw, reply.raw, next);
        reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
