import type { Language } from '../../shared/messages';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { EventBus } from './plugins/events';
import type { Limiter } from './plugins/rate-limit';

/** The player behind a request's session cookie. */
export interface SessionUser {
  id: number;
  uid: number;
  sessionId: number;
  guest: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    limiter: Limiter;
    events: EventBus;
  }
  /** The domains' services: each domain adds its own from its register.ts (see domains/index.ts). */
  interface AppServices {}
  interface FastifyInstance {
    services: AppServices;
  }
  interface FastifyRequest {
    lang: Language;
    user: SessionUser | null;
    successMessage: string;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: import('./domains/user/session.service').SessionService;
  }
}
