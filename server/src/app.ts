import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Code } from '../../shared/codes';
import { pickLanguage } from '../../shared/messages';
import { type Config, testConfig } from './config';
import type { SyncDb } from './db/database';
import { registerDomains, seedDomains } from './domains';
import { installFollowUps } from './lib/follow-ups';
import { prettyLogStream } from './lib/pretty-log';
import { type Broker, brokerPlugin } from './plugins/broker';
import { clientAppPlugin } from './plugins/client-app';
import { clockPlugin } from './plugins/clock';
import { type CodeCheck, codeCheckPlugin, installedCodeCheck } from './plugins/code-check';
import { corsPlugin } from './plugins/cors';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { envelopePlugin, sendFailure } from './plugins/envelope';
import { eventsPlugin } from './plugins/events';
import { healthPlugin } from './plugins/health';
import { idempotencyPlugin } from './plugins/idempotency';
import { operatorSessionPlugin } from './plugins/operator-session';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { contractSerializerCompiler } from './plugins/serializer';
import { sessionPlugin } from './plugins/session';
import { type SocketTimings, socketHubPlugin } from './plugins/socket-hub';
import { staticAssetsPlugin } from './plugins/static-assets';
import { paymentSandbox } from './sandbox/payment';
import { demoProvider } from './sandbox/provider/plugin';
import './types';

export interface BuildOptions {
  /** Defaults to testConfig(): in-memory database, fixed operator token, silent log. */
  config?: Config;
  /** Use this open database instead of opening config.dbFile (it is migrated and seeded). */
  db?: SyncDb;
  /** Freeze the virtual clock at this instant (tests). */
  frozenAt?: Date;
  /** Pino logger on (main.ts) or off. */
  logger?: boolean;
  /** Serve the built client from dist/client (default: outside tests). */
  serveClient?: boolean;
  /** Socket heartbeat and silence time-out (default: spec section 9's 20 s and 60 s); tests shorten them. */
  socket?: SocketTimings;
  /** The broker shared with other processes (tests: memory brokers on one network); default: config.redisUrl's or memory. */
  broker?: Broker;
  /** Test-only: told of each failure code an endpoint answers but does not list (plugins/code-check.ts). */
  codeCheck?: CodeCheck;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole server without listening: tests, scripts and main.ts all start here. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? testConfig();
  const app = Fastify({
    logger:
      options.logger && config.logLevel !== 'silent'
        ? {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.body.password'],
            ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
          }
        : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: true,
    // Faults the router meets before any route (an undecodable path such as /ops/users/%F0, a path
    // parameter over maxParamLength) answer the envelope too, not Fastify's bare JSON.
    frameworkErrors: (_error, request, reply) => {
      request.lang = pickLanguage(request.headers.language as string | undefined);
      return sendFailure(request, reply, 400, Code.BAD_REQUEST);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ verify: config.mode !== 'production' }));
  app.decorate('config', config);

  await app.register(brokerPlugin, { broker: options.broker });
  await app.register(eventsPlugin);
  installFollowUps(app);
  await app.register(dbPlugin, { db: options.db, seed: seedDomains });
  await app.register(clockPlugin, {
    frozenAt: options.frozenAt,
    start: config.clockStart ? new Date(config.clockStart) : undefined,
  });
  await app.register(rateLimitPlugin);
  await app.register(corsPlugin);
  await app.register(envelopePlugin);
  const codeCheck = options.codeCheck ?? installedCodeCheck();
  if (codeCheck) await app.register(codeCheckPlugin, { check: codeCheck });
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(sessionPlugin);
  await app.register(operatorSessionPlugin);
  await app.register(idempotencyPlugin);
  await app.register(docsPlugin);
  await app.register(healthPlugin);
  await app.register(staticAssetsPlugin);
  await app.register(socketHubPlugin, options.socket ?? {});

  await app.register(registerDomains);
  await app.register(paymentSandbox);
  await app.register(demoProvider);
  if (options.serveClient ?? config.mode !== 'test') await app.register(clientAppPlugin);

  await app.ready();
  return app;
}
