import type { Language } from '../../shared/messages';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { EventBus } from './plugins/events';
import type { IdempotencyService } from './plugins/idempotency.service';
import type { Limiter } from './plugins/rate-limit';

import type { SessionService, SessionUser } from './plugins/session.service';

export type { SessionUser };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Writes every domain's reference data into `db` (idempotent): what a start does after migrating. */
    seed: (db: Db) => Promise<void>;
    clock: Clock;
    limiter: Limiter;
    events: EventBus;
    sessions: SessionService;
    /** Idempotency keys of the players' money POSTs (plugins/idempotency.ts). */
    idempotency: IdempotencyService;
  }
  /** The domains' services: each domain adds its own from its register.ts (see domains/index.ts). */
  interface AppServices {}
  interface FastifyInstance {
    services: AppServices;
  }
  /** A route's marks from the contract (route.ts), read by the framework plugins. */
  interface FastifyContextConfig {
    /** Called by a server with an HMAC-signed body (Endpoint.signed): no requestFrom header. */
    signed?: boolean;
  }
  interface FastifyRequest {
    lang: Language;
    user: SessionUser | null;
    successMessage: string;
  }
}
