import { createHash, randomBytes } from 'node:crypto';
import { SESSION_REPLACED } from '../../../shared/socket';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Broker } from './broker';
import type { EventBus } from './events';
import { createSessionRepo, type SessionListRow } from './session.repo';

export const SESSION_COOKIE = 'sid';
/**
 * The cookie's name for a server reached over https: the `__Host-` prefix makes the browser refuse it unless
 * it is Secure, has Path=/ and no Domain, so no subdomain or plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const sessionCookieName = (publicUrl: string) =>
  publicUrl.startsWith('https://') ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

/** The player behind a request's session cookie. */
export interface SessionUser {
  id: number;
  uid: number;
  sessionId: number;
  guest: boolean;
}

/** The revocation reason of a session replaced after a security change (the socket's `session.ended` content). */
export { SESSION_ROTATED } from '../../../shared/socket';

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionMeta {
  ip: string;
  deviceId: string;
  userAgent: string;
}

/** The broker channel of revocations (docs/deployment.md). */
const REVOKED_CHANNEL = 'session.revoked';
type Revoked = { userId: number; sessionId: number; reason: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Live sessions kept in memory at most; past this the oldest entry is dropped (it is read again on use). */
const CACHE_LIMIT = 100_000;

interface CachedSession {
  user: SessionUser;
  expiresAtMs: number;
  lastSeenMs: number;
  /** When the database last said this session stands (the machine's time, Date.now()). */
  checkedAtMs: number;
}

/**
 * In a cluster (a Redis broker) a cached session is trusted this long, then read again from the database:
 * the database is the truth for a session's end, and a revocation whose pub/sub message was lost (Redis
 * restarting, a process cut off) still takes effect everywhere within this bound (issue 26).
 */
export const CLUSTER_SESSION_TRUST_MS = 1_000;

/**
 * Opaque random tokens (256 bits) in a cookie, stored as sha256. One live session per account:
 * starting one revokes the others. Idle and absolute time-outs follow the virtual clock.
 *
 * With a broker, each revocation is published: the other processes drop the session from their cache,
 * write the revocation to their database (a no-op when it is the same database) and announce
 * `session.revoked` on their own event bus, which closes the session's sockets they hold.
 */
export function createSessionService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  /** Where a failure of work no caller awaits (a revocation heard from the broker) is told. */
  log: { error(obj: object, msg: string): void };
  broker?: Broker;
  /** How long a cached session is trusted before the database is asked again (default: CLUSTER_SESSION_TRUST_MS
   * with a Redis broker; for ever alone, where every revocation goes through this process's revoke()). */
  trustMs?: number;
}) {
  const { clock, config, events } = deps;
  const trustMs = deps.trustMs ?? (deps.broker?.kind === 'redis' ? CLUSTER_SESSION_TRUST_MS : Number.POSITIVE_INFINITY);
  const repo = createSessionRepo(deps.db);
  /**
   * Active sessions by token, so an authenticated read costs no hash and no query. Every revocation goes
   * through revoke() below (a suspension revokes too), which drops the entry; the time-outs are checked
   * on every use exactly as for a row read from the database.
   */
  const cache = new Map<string, CachedSession>();
  const tokenOfSession = new Map<number, string>();

  function forget(sessionId: number): void {
    const token = tokenOfSession.get(sessionId);
    if (token === undefined) return;
    tokenOfSession.delete(sessionId);
    cache.delete(token);
  }

  function remember(token: string, entry: CachedSession): void {
    if (cache.size >= CACHE_LIMIT) {
      const oldest = cache.entries().next().value;
      if (oldest) forget(oldest[1].user.sessionId);
    }
    cache.set(token, entry);
    tokenOfSession.set(entry.user.sessionId, token);
  }

  async function lookUp(token: string): Promise<CachedSession | null> {
    const hit = cache.get(token);
    if (hit && Date.now() - hit.checkedAtMs < trustMs) return hit;
    const row = await repo.byTokenHash(hashToken(token));
    if (!row || row.revoked_at !== null || row.status !== 'active') {
      if (hit) forget(hit.user.sessionId);
      return null;
    }
    const entry = {
      user: { id: row.user_id, uid: row.uid, sessionId: row.id, guest: row.guest === 1 },
      expiresAtMs: Date.parse(row.expires_at),
      // A touch this process made may be newer than the row's (touches are written at most once a minute).
      lastSeenMs: Math.max(Date.parse(row.last_seen_at), hit?.lastSeenMs ?? 0),
      checkedAtMs: Date.now(),
    };
    remember(token, entry);
    return entry;
  }

  async function revoke(userId: number, sessionId: number, reason: string): Promise<void> {
    forget(sessionId);
    if (await repo.revoke(sessionId, clock.iso(), reason)) {
      events.emit('session.revoked', { userId, sessionId, reason });
      deps.broker?.publish(REVOKED_CHANNEL, { userId, sessionId, reason } satisfies Revoked);
    }
  }

  deps.broker?.subscribe(REVOKED_CHANNEL, (message) => {
    const { userId, sessionId, reason } = message as Revoked;
    forget(sessionId);
    void repo
      .revoke(sessionId, clock.iso(), reason)
      .then(() => events.emit('session.revoked', { userId, sessionId, reason }))
      .catch((err) => deps.log.error({ err, sessionId }, 'session: could not record a revocation of the cluster'));
  });

  // Swapped data (a snapshot restored, a scenario loaded, here or on another process of the cluster):
  // the rows the cache stood for may be gone.
  events.on('db.restored', () => {
    cache.clear();
    tokenOfSession.clear();
  });

  async function revokeAllOf(userId: number, reason: string, exceptSessionId = 0): Promise<void> {
    for (const id of await repo.activeIdsOfUser(userId, exceptSessionId)) await revoke(userId, id, reason);
  }

  /** A session as the back office shows it: live means not revoked and within both time-outs now. */
  const listView = (row: SessionListRow) => {
    const now = clock.nowMs();
    const cached = tokenOfSession.has(row.id) ? cache.get(tokenOfSession.get(row.id) as string) : undefined;
    const lastSeenMs = Math.max(Date.parse(row.last_seen_at), cached?.lastSeenMs ?? 0);
    return {
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: new Date(lastSeenMs).toISOString(),
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      revokeReason: row.revoke_reason ?? '',
      live: row.revoked_at === null && now < Date.parse(row.expires_at) && now - lastSeenMs < config.sessionIdleMs,
      ip: row.ip,
      deviceId: row.device_id,
      userAgent: row.user_agent,
    };
  };

  return {
    /** The session cookie's name: `__Host-sid` on https, `sid` on plain http (development, tests). */
    cookieName: sessionCookieName(config.publicUrl),

    /** The user's sessions, newest first (the back office). */
    listOf: async (userId: number, limit: number) => (await repo.ofUser(userId, limit)).map(listView),

    /** Ends one session of the user and returns it as listed; null when the user has no such session. */
    async revokeOne(userId: number, sessionId: number, reason: string) {
      const row = await repo.oneOfUser(userId, sessionId);
      if (!row) return null;
      if (row.revoked_at === null) await revoke(userId, sessionId, reason);
      return listView((await repo.oneOfUser(userId, sessionId)) as SessionListRow);
    },

    /** When one session of the user began (its login); null when the user has no such session. */
    async startedAt(userId: number, sessionId: number): Promise<string | null> {
      return (await repo.oneOfUser(userId, sessionId))?.created_at ?? null;
    },

    /** What the audit trail records of one session around an operator action. */
    async auditState(userId: number, sessionId: number) {
      const row = await repo.oneOfUser(userId, sessionId);
      return row ? { revokedAt: row.revoked_at, revokeReason: row.revoke_reason } : null;
    },

    /**
     * Starts a session for the user, ending every other one (single-session rule) with `reason`. Returns
     * the token. A security change (password, phone) starts one too: the session id rotates and a copy of
     * the old cookie is dead (reason SESSION_ROTATED).
     */
    async start(
      userId: number,
      meta: SessionMeta,
      reason = SESSION_REPLACED,
    ): Promise<{ token: string; sessionId: number; maxAgeSeconds: number }> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const sessionId = await repo.insert({
        userId,
        tokenHash: hashToken(token),
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + config.sessionAbsoluteMs).toISOString(),
        ip: meta.ip,
        deviceId: meta.deviceId.slice(0, 128),
        userAgent: meta.userAgent.slice(0, 256),
      });
      await revokeAllOf(userId, reason, sessionId);
      return { token, sessionId, maxAgeSeconds: Math.floor(config.sessionAbsoluteMs / 1000) };
    },

    /** The user behind a token, or null when the session is unknown, revoked, idle too long or expired. */
    async authenticate(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 128) return null;
      const session = await lookUp(token);
      if (!session) return null;
      const { user } = session;
      const now = clock.nowMs();
      if (now >= session.expiresAtMs) {
        await revoke(user.id, user.sessionId, 'expired');
        return null;
      }
      if (now - session.lastSeenMs >= config.sessionIdleMs) {
        await revoke(user.id, user.sessionId, 'idle');
        return null;
      }
      if (now - session.lastSeenMs >= TOUCH_EVERY_MS) {
        await repo.touch(user.sessionId, new Date(now).toISOString());
        session.lastSeenMs = now;
      }
      return { ...user };
    },

    async end(user: SessionUser, reason = 'logout'): Promise<void> {
      await revoke(user.id, user.sessionId, reason);
    },

    revokeAllOf,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
