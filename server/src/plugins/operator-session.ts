import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Role } from '../../../shared/roles';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createOperatorSessionRepo } from './operator-session.repo';

/**
 * Back-office sessions of named operators (issue 29 item 1), apart from players' (plugins/session.ts): their
 * own table, their own cookie (`osid`; `__Host-osid` on https), httpOnly and SameSite=Strict, with an idle
 * time-out (OPS_SESSION_IDLE_MINUTES, 30) and an absolute one (OPS_SESSION_ABSOLUTE_HOURS, 12) on the
 * virtual clock. A player's `sid` is never read on /ops and this cookie never on /api.
 *
 * Every request reads the session with its operator (no cache: the back office's traffic is small), so a
 * disabled operator, or one whose password or 2FA was reset (auth_version raised), is refused at the next
 * request on every process of a cluster.
 */
export const OPERATOR_COOKIE = 'osid';
export const operatorCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? `__Host-${OPERATOR_COOKIE}` : OPERATOR_COOKIE;

/** Who is behind an /ops request: a named operator's session, or the service account (ADMIN_TOKEN). */
export interface OperatorActor {
  /** 0 for the service account. */
  id: number;
  name: string;
  role: Role;
  /** The service account: ADMIN_TOKEN, all rights (scripts and CI). */
  service: boolean;
  sessionId: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const TOUCH_EVERY_MS = 60_000;

export function createOperatorSessionService(deps: { db: Db; clock: Clock; config: Config }) {
  const { clock, config } = deps;
  const repo = createOperatorSessionRepo(deps.db);
  return {
    cookieName: operatorCookieName(config.publicUrl),
    idleMs: config.opsSessionIdleMs,
    absoluteMs: config.opsSessionAbsoluteMs,

    async start(operatorId: number, authVersion: number, ip: string) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const sessionId = await repo.insert({
        operatorId,
        tokenHash: hashToken(token),
        authVersion,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + config.opsSessionAbsoluteMs).toISOString(),
        ip: ip.slice(0, 64),
      });
      return { token, sessionId, maxAgeSeconds: Math.floor(config.opsSessionAbsoluteMs / 1000) };
    },

    /** The operator behind a cookie, or null: unknown, revoked, idle, expired, disabled or reset since. */
    async authenticate(token: string | undefined): Promise<OperatorActor | null> {
      if (!token || token.length > 128) return null;
      const row = await repo.byTokenHash(hashToken(token));
      if (!row || row.revoked_at !== null) return null;
      const now = clock.nowMs();
      const end = async (reason: string) => {
        await repo.revoke(row.id, clock.iso(), reason);
        return null;
      };
      if (row.disabled !== 0) return end('operator disabled');
      if (row.session_version !== row.auth_version) return end('credentials reset');
      if (now >= Date.parse(row.expires_at)) return end('expired');
      const lastSeen = Date.parse(row.last_seen_at);
      if (now - lastSeen >= config.opsSessionIdleMs) return end('idle');
      if (now - lastSeen >= TOUCH_EVERY_MS) await repo.touch(row.id, new Date(now).toISOString());
      return { id: row.operator_id, name: row.name, role: row.role as Role, service: false, sessionId: row.id };
    },

    end: (sessionId: number, reason = 'logout') => repo.revoke(sessionId, clock.iso(), reason),
    /** Ends every session of an operator (disabled, password or 2FA reset). */
    revokeAllOf: (operatorId: number, reason: string) => repo.revokeAll(operatorId, clock.iso(), reason),
  };
}

export type OperatorSessionService = ReturnType<typeof createOperatorSessionService>;

declare module 'fastify' {
  interface FastifyInstance {
    operatorSessions: OperatorSessionService;
  }
  interface FastifyRequest {
    /** Set on /ops routes once the service token or an operator session passed (route.ts). */
    operator: OperatorActor | null;
  }
}

export const operatorSessionPlugin = fp(
  async (app) => {
    app.decorateRequest('operator', null);
    app.decorate(
      'operatorSessions',
      createOperatorSessionService({ db: app.db, clock: app.clock, config: app.config }),
    );
  },
  { name: 'operator-session', dependencies: ['db', 'clock'] },
);
