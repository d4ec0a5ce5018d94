import { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { codeMessage } from '../../../../shared/messages';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hashSeed, newServerSeed } from './games/fair';
import { type FishingConfig, POND_FISH_ID } from './games/fishing';
import { fishInPond, pondAt, SHOT_GRACE_MS, WAVE_MS } from './games/pond';
import { createPondRepo } from './pond-repo';

/** What the pond needs of a provider session (engine.ts's ProviderSession). */
interface PondSession {
  title: { key: string; family: string; engine: { rules: unknown } };
  playerId: number;
  nickname: string;
  language: string;
}

type Failure = { ok: false; code: number; message: string };
type Played = { ok: true; roundId: string; win: number; outcome: unknown } | { ok: false };

/** How long a shot holds the player's one shot in flight at most (a crash mid-shot frees it after this). */
export const SHOT_CLAIM_MS = 15_000;
/** A seat whose page has not polled for this long has left the pond. */
export const SEAT_IDLE_MS = 10_000;
/**
 * How often a page's poll writes its seat when nothing on it changed: the poll comes every second, the seat
 * needs a fresh `seen_at` only well inside SEAT_IDLE_MS. A change of level is written at once.
 */
export const SEAT_REFRESH_MS = 3_000;
/** The shots a seat remembers: their ids refuse replays; the last SHOTS_SHOWN are shown to the others. */
const SHOTS_KEPT = 20;
const SHOTS_SHOWN = 5;

/** A shot as the page sends it: the cannon's level, the pond fish it hit and the shot's own id. */
const shotBody = z.strictObject({
  stake: z.number().int(),
  target: z.string().max(32),
  shot: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
const statusBody = z.object({ level: z.number().int().optional() }).catch({});

interface ShotEntry {
  shot: string;
  target: string;
  fish: string;
  stake: number;
  caught: boolean;
  win: number;
  at: number;
}

/** A nickname as the others see it: its first two characters and last one ("ju***y"). */
export const maskNickname = (name: string) => {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? '?'}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
};

/**
 * The shared pond of the fishing titles (games/pond.ts draws it): each title's committed pond seed (written
 * once, read by every process), the shot's checks before it becomes a round (the fish is in the pond now,
 * the level is one of the cannon's, the shot id is new, no other shot of the player is in flight) and the
 * seats around the pond with their last shots, for the other players' cannons.
 */
export function createPond(deps: { db: Db; clock: Clock }) {
  const { clock } = deps;
  const repo = createPondRepo(deps.db);
  const seeds = new Map<string, { seed: string; hash: string }>();
  /**
   * The seats this process wrote lately (title and player: level, when), so that a poll rewrites its seat
   * only every SEAT_REFRESH_MS (one write a second per player was the pond's whole write load). Another
   * process keeps its own; a seat is then written at most once per refresh by each.
   */
  const written = new Map<string, { level: number; at: number }>();
  async function keepSeat(session: PondSession, level: number, now: number) {
    const id = `${session.title.key}\u0000${session.playerId}`;
    const last = written.get(id);
    // A clock moved back (a tester's) counts as stale: the row may be dated after "now".
    if (last && last.level === level && now >= last.at && now - last.at < SEAT_REFRESH_MS) return;
    await repo.sit({
      title: session.title.key,
      playerId: session.playerId,
      nickname: maskNickname(session.nickname),
      level,
      now: new Date(now).toISOString(),
    });
    if (written.size >= 10_000) {
      for (const [key, seat] of written) if (now - seat.at >= SEAT_IDLE_MS || now < seat.at) written.delete(key);
    }
    written.set(id, { level, at: now });
  }
  const fail = (code: number, language: string): Failure => ({
    ok: false,
    code,
    message: codeMessage(code as Parameters<typeof codeMessage>[0], language === 'vi-VN' ? 'vi-VN' : 'en-US'),
  });

  /** The title's pond seed: insert-or-read, then kept (it never changes once written). */
  async function seedOf(title: string) {
    const known = seeds.get(title);
    if (known) return known;
    const seed = newServerSeed();
    const row = await repo.pond(title, { seed, hash: hashSeed(seed) }, clock.iso());
    const pond = { seed: row.seed, hash: row.seed_hash };
    seeds.set(title, pond);
    return pond;
  }

  const configOf = (session: PondSession) => session.title.engine.rules as FishingConfig;
  const isLevel = (c: FishingConfig, level: unknown): level is number =>
    typeof level === 'number' && c.levels.includes(level);

  return {
    seedOf,

    /**
     * A shot at the pond: checked, then fired as one round (`fire`, the provider's play) on the pond fish's
     * kind, then remembered on the seat. A refused shot is no round and costs nothing.
     */
    async shoot<R extends Played>(
      session: PondSession,
      body: unknown,
      fire: (params: { stake: number; fish: string; target: string }) => Promise<R>,
    ): Promise<R | Failure> {
      const c = configOf(session);
      const lang = session.language;
      const parsed = shotBody.safeParse(body);
      const stake = (body as { stake?: unknown } | null)?.stake;
      if (!isLevel(c, stake)) return fail(Code.FISH_LEVEL_INVALID, lang);
      if (!parsed.success || !POND_FISH_ID.test(parsed.data.target)) return fail(Code.FISH_NOT_IN_POND, lang);
      const { target, shot } = parsed.data;
      const key = session.title.key;
      const now = clock.nowMs();
      const pond = await seedOf(key);
      const fish = fishInPond(c, pond.seed, key, target, now);
      if (!fish) return fail(Code.FISH_NOT_IN_POND, lang);

      const seat = { title: key, playerId: session.playerId };
      await repo.sit({ ...seat, nickname: maskNickname(session.nickname), level: stake, now: clock.iso() });
      const until = new Date(now + SHOT_CLAIM_MS).toISOString();
      if (!(await repo.claim(key, session.playerId, clock.iso(), until))) return fail(Code.FISH_SHOT_IN_FLIGHT, lang);
      let saved = false;
      try {
        // Read under the claim: no other shot of this player writes the seat meanwhile.
        const shots = JSON.parse((await repo.seat(key, session.playerId))?.shots ?? '[]') as ShotEntry[];
        if (shots.some((s) => s.shot === shot)) return fail(Code.FISH_SHOT_REPLAYED, lang);
        const played = await fire({ stake, fish: fish.fish, target });
        if (played.ok) {
          const outcome = played.outcome as { caught?: boolean } | null;
          const entry: ShotEntry = {
            shot,
            target,
            fish: fish.fish,
            stake,
            caught: outcome?.caught === true,
            win: played.win,
            at: clock.nowMs(),
          };
          await repo.saveShots(
            key,
            session.playerId,
            until,
            JSON.stringify([entry, ...shots].slice(0, SHOTS_KEPT)),
            clock.iso(),
          );
          saved = true;
        }
        return played;
      } finally {
        if (!saved) await repo.release(key, session.playerId, until);
      }
    },

    /**
     * The pond as the page draws it (polled about once a second): the server time, the fish of the current
     * and just-gone waves still swimming, and the other players seated (masked nicknames, levels, last
     * shots; never a balance). The poll keeps the player's own seat, at the level the page shows.
     */
    async status(session: PondSession, body: unknown) {
      const c = configOf(session);
      const key = session.title.key;
      const now = clock.nowMs();
      const pond = await seedOf(key);
      const asked = statusBody.parse(body ?? {}).level;
      const level = isLevel(c, asked) ? asked : (c.levels[0] as number);
      await keepSeat(session, level, now);
      const seated = await repo.seated(key, new Date(now - SEAT_IDLE_MS).toISOString());
      const players = seated
        .filter((s) => s.player_id !== session.playerId)
        .slice(0, 8)
        .map((s) => ({
          nickname: s.nickname,
          level: s.level,
          shots: (JSON.parse(s.shots) as ShotEntry[])
            .slice(0, SHOTS_SHOWN)
            .map(({ target, fish, stake, caught, win, at }) => ({ target, fish, stake, caught, win, at })),
        }));
      return {
        ok: true as const,
        now,
        waveMs: WAVE_MS,
        wave: Math.floor(now / WAVE_MS),
        graceMs: SHOT_GRACE_MS,
        pondSeedHash: pond.hash,
        fish: pondAt(c, pond.seed, key, now),
        players,
      };
    },
  };
}

export type Pond = ReturnType<typeof createPond>;
