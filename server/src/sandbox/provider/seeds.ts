import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hashSeed, newClientSeed, newServerSeed } from './games/fair';

interface SeedRow {
  id: number;
  player_id: number;
  title: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  revealed_at: string | null;
  next_server_seed: string | null;
  next_server_seed_hash: string | null;
}

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
  const current = db.prepare('SELECT * FROM provider_seeds WHERE player_id = ? AND title = ? AND revealed_at IS NULL');
  const insert = db.prepare(
    `INSERT INTO provider_seeds (player_id, title, server_seed, server_seed_hash, client_seed, next_server_seed,
       next_server_seed_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const setNext = db.prepare(
    'UPDATE provider_seeds SET next_server_seed = ?, next_server_seed_hash = ? WHERE id = ? AND next_server_seed IS NULL',
  );
  const byId = db.prepare('SELECT * FROM provider_seeds WHERE id = ?');
  // Only a pair still in use moves on: a nonce taken from a pair a rotation just revealed would be public.
  const bump = db.prepare(
    'UPDATE provider_seeds SET nonce = nonce + 1 WHERE id = ? AND revealed_at IS NULL RETURNING nonce',
  );
  const reveal = db.prepare('UPDATE provider_seeds SET revealed_at = ? WHERE id = ? AND revealed_at IS NULL');
  const lastRevealed = db.prepare(
    'SELECT * FROM provider_seeds WHERE player_id = ? AND title = ? AND revealed_at IS NOT NULL ORDER BY id DESC LIMIT 1',
  );
  const byHash = db.prepare('SELECT * FROM provider_seeds WHERE server_seed_hash = ?');
  const openRound = db.prepare(
    "SELECT 1 AS open FROM provider_rounds WHERE server_seed_hash = ? AND state IN ('betting', 'bet_placed') LIMIT 1",
  );

  const open = async (playerId: number, title: string, clientSeed: string, serverSeed = newServerSeed()) => {
    const next = newServerSeed();
    return (await insert.get(
      playerId,
      title,
      serverSeed,
      hashSeed(serverSeed),
      clientSeed,
      next,
      hashSeed(next),
      clock.iso(),
    )) as SeedRow;
  };
  const inUse = async (playerId: number, title: string) => (await current.get(playerId, title)) as SeedRow | undefined;
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
    await setNext.run(next, hashSeed(next), row.id);
    return withNext((await byId.get(row.id)) as SeedRow);
  };
  const isOpen = async (hash: string) => (await openRound.get(hash)) !== undefined;

  /** Reveals the pair in use and opens the next one (its committed server seed, the given client seed). */
  async function turn(playerId: number, title: string, clientSeed: string | undefined, refuseOpen: boolean) {
    // The reveal comes first: it takes the pair's row lock (PostgreSQL), so a round that took a nonce from
    // it in a transaction still running is either committed before the check below reads the rounds, or
    // finds the pair revealed and moves to the new one (seeds.take).
    const row = await withNext(await pair(playerId, title));
    await reveal.run(clock.iso(), row.id);
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
        const bumped = (await bump.get(row.id)) as { nonce: number } | undefined;
        if (bumped)
          return {
            serverSeed: row.server_seed,
            serverSeedHash: row.server_seed_hash,
            clientSeed: row.client_seed,
            nonce: bumped.nonce,
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

    /**
     * A shared table's rotation by its dealer (player 0): at the draw, once every bet's result is drawn and
     * recorded, or when a round passed with no bet.
     */
    async rotateTable(title: string) {
      await db.transaction(() => turn(0, title, undefined, false))();
    },

    async summary(playerId: number, title: string): Promise<SeedSummary> {
      const row = await withNext(await pair(playerId, title));
      const last = (await lastRevealed.get(playerId, title)) as SeedRow | undefined;
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
      const row = (await byHash.get(hash)) as SeedRow | undefined;
      return row?.revealed_at ? row.server_seed : undefined;
    },

    /** Reveals the seed behind a hash (a table round drawn by recovery). */
    async revealHash(hash: string) {
      const row = (await byHash.get(hash)) as SeedRow | undefined;
      if (row && !row.revealed_at) await db.transaction(() => turn(row.player_id, row.title, undefined, false))();
    },

    /** The server seed behind a hash, revealed or not: only the provider's own replay of a round reads this. */
    async secret(hash: string) {
      return ((await byHash.get(hash)) as SeedRow | undefined)?.server_seed;
    },
  };
}

export type SeedBook = ReturnType<typeof createSeedBook>;
