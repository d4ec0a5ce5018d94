import { randomBytes } from 'node:crypto';
import { Code } from '../../../../shared/codes';
import type { Clock } from '../../clock';
import type { Broker } from '../../plugins/broker';
import type { ProviderRepo, SessionRow } from './repo';
import type { Studio, StudioTitle } from './studio';

/** A game page's session at the provider: the casino's game session it plays on, its title, its player. */
export interface ProviderSession {
  /** The page session id the page holds (the path of its API calls). */
  id: string;
  sessionToken: string;
  title: StudioTitle;
  playerId: number;
  language: string;
  nickname: string;
}

type Failure = { ok: false; code: number; message: string };

/** The other processes drop a session from their cache when one hears the casino ended it. */
export const SESSION_ENDED_CHANNEL = 'provider.session.ended';
/** A page session older than this is swept (the casino's own game session idles out long before). */
export const SESSION_KEEP_MS = 24 * 3600_000;
/** The sessions a process keeps in front of the table; the oldest read goes first beyond it. */
export const SESSION_CACHE_MAX = 10_000;

const ended = (): Failure => ({
  ok: false,
  code: Code.GAME_TOKEN_INVALID,
  message: 'Session ended. Close and open the game again.',
});
const notAvailable = (): Failure => ({
  ok: false,
  code: Code.GAME_NOT_PLAYABLE,
  message: 'This game is not available.',
});

/**
 * The provider's page sessions (issue 27 leftover): kept in `provider_sessions`, so any server process
 * answers a page another one opened, and a restart ends no open game. A row never changes, so each process
 * keeps the rows it read in a cache in front (a miss reads the row). The casino ends the game session on
 * its side (logout, suspension, a login elsewhere, idle time): the first wallet call that hears so deletes
 * the row and tells the other processes to drop their copy (SESSION_ENDED_CHANNEL); until then a stale copy
 * only costs a wallet call the casino refuses anyway.
 */
export function createSessionBook(deps: {
  repo: ProviderRepo;
  studio: Studio;
  clock: Clock;
  broker?: Pick<Broker, 'publish' | 'subscribe'> | undefined;
}) {
  const { repo, studio, clock, broker } = deps;
  const cache = new Map<string, SessionRow>();

  const remember = (row: SessionRow) => {
    cache.delete(row.id);
    cache.set(row.id, row);
    if (cache.size > SESSION_CACHE_MAX) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  };
  broker?.subscribe(SESSION_ENDED_CHANNEL, (message) => {
    const id = (message as { id?: unknown } | null)?.id;
    if (typeof id === 'string') cache.delete(id);
  });

  async function row(id: string) {
    const cached = cache.get(id);
    // A copy older than the sweep's age is read again: gone once the sweep (on any process) deleted it.
    if (cached && cached.created_at >= new Date(clock.nowMs() - SESSION_KEEP_MS).toISOString()) return cached;
    const found = await repo.session(id);
    if (found) remember(found);
    return found;
  }

  return {
    /** Opens a page session for a title (the casino authenticated the launch): its fresh id. */
    async open(session: Omit<ProviderSession, 'id'>) {
      const id = randomBytes(24).toString('base64url');
      await this.put({ ...session, id });
      return id;
    },

    /** Writes a session under a given id (open's; tests seat a session directly). */
    async put(session: ProviderSession) {
      const stored: SessionRow = {
        id: session.id,
        session_token: session.sessionToken,
        title: session.title.key,
        player_id: session.playerId,
        language: session.language,
        nickname: session.nickname,
        created_at: clock.iso(),
      };
      await repo.insertSession({
        id: stored.id,
        sessionToken: stored.session_token,
        title: stored.title,
        playerId: stored.player_id,
        language: stored.language,
        nickname: stored.nickname,
        now: stored.created_at,
      });
      remember(stored);
    },

    /**
     * The live session behind a page's id, on any process, or the failure the page shows: an unknown id (made
     * up, ended, swept) answers "session ended"; a session whose title the studio no longer has (removed by a
     * deploy) answers "not available", as a launch of it does.
     */
    async live(id: string): Promise<ProviderSession | Failure> {
      const found = await row(id);
      if (!found) return ended();
      const title = studio.title(found.title);
      if (!title) return notAvailable();
      return {
        id: found.id,
        sessionToken: found.session_token,
        title,
        playerId: Number(found.player_id),
        language: found.language,
        nickname: found.nickname,
      };
    },

    /**
     * Ends a session whose casino game session ended (the wallet answered GAME_TOKEN_INVALID or EXPIRED):
     * the row goes, and every process's copy. Any other code ends nothing.
     */
    async endedBy(session: Pick<ProviderSession, 'id'>, code: number) {
      if (code !== Code.GAME_TOKEN_INVALID && code !== Code.GAME_TOKEN_EXPIRED) return;
      cache.delete(session.id);
      await repo.deleteSession(session.id);
      broker?.publish(SESSION_ENDED_CHANNEL, { id: session.id });
    },

    /** Deletes the sessions opened more than SESSION_KEEP_MS ago (the scheduled sweep); answers how many. */
    async sweep() {
      const before = new Date(clock.nowMs() - SESSION_KEEP_MS).toISOString();
      for (const [id, cached] of cache) if (cached.created_at < before) cache.delete(id);
      return repo.deleteSessionsBefore(before);
    },

    /** Empties this process's cache (the data was swapped: a snapshot restore, a reset, a scenario). */
    forget() {
      cache.clear();
    },

    /** How many sessions this process holds in its cache (tests). */
    get cached() {
      return cache.size;
    },
  };
}

export type SessionBook = ReturnType<typeof createSessionBook>;

/** Whether a lookup found a live session (rather than the failure to answer). */
export const isSession = (found: ProviderSession | Failure): found is ProviderSession => !('ok' in found);
