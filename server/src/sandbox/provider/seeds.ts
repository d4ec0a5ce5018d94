import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hashSeed, newClientSeed, newServerSeed } from './games/fair';
import { createProviderRepo, type SeedRow } from './repo';

/**
 * What the page shows: the committed hash of the pair in use (never its seed), the client seed, the nonce,
 * the hash of the server seed the next pair will use, and the last revealed pair.
 */
export interface SeedSummary {
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played on this pair: the next round uses nonce + 1. */
  nonce: number;
  /** The server seed of the pair a rotation opens, already drawn: shown before the player picks a client seed. */
  nextServerSeedHash: string;
  /** A round on the pair in use is not settled yet: rotating is refused until it is. */
  roundOpen: boolean;
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null;
}

export const CLIENT_SEED = /^[A-Za-z0-9_.-]{1,64}$/;

/** A rotation asked while a round on the pair in use is still open: revealing it would give that round away. */
export class SeedsInUse extends Error {}

/**
 * The provider's book of seed pairs (docs/provably-fair.md): one pair in use per player and title, its
 * server seed hidden behind its hash until the player rotates it, and the next pair's server seed drawn
 * and committed in advance. A rotation is refused while any round on the pair in use is open (on any tab
 * or session), so no seed is ever revealed before every round it drew has settled.
 */
export function createSeedBook(db: Db, clock: Clock) {
  const repo = createProviderRepo(db);

  const open = async (playerId: number, title: string, clientSeed: string, serverSeed = newServerSeed()) => {
    const next = newServerSeed();
    return repo.insertSeed({
      playerId,
      title,
      serverSeed,
      serverSeedHash: hashSeed(serverSeed),
      clientSeed,
      nextServerSeed: next,
      nextServerSeedHash: hashSeed(next),
      now: clock.iso(),
    });
  };
  const inUse = (playerId: number, title: string) => repo.seedInUse(playerId, title);
  /**
   * The pair in use, opened when there is none. The read and the insert are one transaction: another
   * request asking meanwhile waits for it and finds the pair, never opens a second one.
   */
  const pair = async (playerId: number, title: string) =>
    (await inUse(playerId, title)) ??
    db.transaction(async () => (await inUse(playerId, title)) ?? open(playerId, title, newClientSeed()))();
  /** The pair in use with its next server seed drawn (pairs made before migration 0047 draw it now). */
  const withNext = async (
    row: SeedRow,
  ): Promise<SeedRow & { next_server_seed: string; next_server_seed_hash: string }> => {
    if (row.next_server_seed && row.next_server_seed_hash)
      return row as SeedRow & { next_server_seed: string; next_server_seed_hash: string };
    const next = newServerSeed();
    await repo.setNextSeed(row.id, next, hashSeed(next));
    return withNext((await repo.seed(row.id)) as SeedRow);
  };
  const isOpen = (hash: string) => repo.roundOpenOn(hash);

  /** Reveals the pair in use and opens the next one (its committed server seed, the given client seed). */
  async function turn(playerId: number, title: string, clientSeed: string | undefined, refuseOpen: boolean) {
    // The reveal comes first: it takes the pair's row lock (PostgreSQL), so a round that took a nonce from
    // it in a transaction still running is either committed before the check below reads the rounds, or
    // finds the pair revealed and moves to the new one (seeds.take).
    const row = await withNext(await pair(playerId, title));
    await repo.revealSeed(row.id, clock.iso());
    if (refuseOpen && (await isOpen(row.server_seed_hash))) throw new SeedsInUse();
    await open(playerId, title, clientSeed ?? row.client_seed, row.next_server_seed);
  }

  return {
    /**
     * The seeds of the next round: the pair in use, its nonce moved on by one. Call it in the transaction
     * that records the round, so a rotation sees the round the moment the nonce is taken.
     */
    async take(playerId: number, title: string) {
      // A second pass only when a rotation on another connection revealed the pair between the two reads.
      for (let attempt = 0; ; attempt++) {
        const row = await pair(playerId, title);
        const nonce = await repo.bumpNonce(row.id);
        if (nonce !== undefined)
          return {
            serverSeed: row.server_seed,
            serverSeedHash: row.server_seed_hash,
            clientSeed: row.client_seed,
            nonce,
          };
        if (attempt >= 3) throw new Error(`no seed pair in use for ${playerId}/${title}`);
      }
    },

    /**
     * The player's rotation: reveals the pair in use and opens the committed next one, with the player's
     * new client seed when given. Throws SeedsInUse (and changes nothing) while a round on the pair is open.
     */
    async rotate(playerId: number, title: string, clientSeed?: string) {
      await db.transaction(() => turn(playerId, title, clientSeed, true))();
    },

    async summary(playerId: number, title: string): Promise<SeedSummary> {
      const row = await withNext(await pair(playerId, title));
      const last = await repo.lastRevealed(playerId, title);
      return {
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.nonce,
        nextServerSeedHash: row.next_server_seed_hash,
        roundOpen: await isOpen(row.server_seed_hash),
        previous: last
          ? {
              serverSeed: last.server_seed,
              serverSeedHash: last.server_seed_hash,
              clientSeed: last.client_seed,
              nonce: last.nonce,
            }
          : null,
      };
    },

    /** The server seed behind a hash, once revealed (undefined while still in use). */
    async revealed(hash: string) {
      const row = await repo.seedByHash(hash);
      if (row) return row.revealed_at ? row.server_seed : undefined;
      // A shared table cycle's seed (migration 0062): revealed once the cycle is drawn.
      const cycle = await repo.cycleByHash(hash);
      return cycle?.drawn_at ? cycle.server_seed : undefined;
    },

    /** Reveals the seed behind a hash (a table round of the dealer's seed pairs, before 0062, drawn by recovery). */
    async revealHash(hash: string) {
      const row = await repo.seedByHash(hash);
      if (row && !row.revealed_at) await db.transaction(() => turn(row.player_id, row.title, undefined, false))();
    },

    /** The server seed behind a hash, revealed or not: only the provider's own replay of a round reads this. */
    async secret(hash: string) {
      return (await repo.seedByHash(hash))?.server_seed ?? (await repo.cycleByHash(hash))?.server_seed;
    },
  };
}

export type SeedBook = ReturnType<typeof createSeedBook>;
