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
}

/** What the page shows: the committed hash (never the seed in use), the client seed and the nonce. */
export interface SeedSummary {
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played on this pair: the next round uses nonce + 1. */
  nonce: number;
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null;
}

export const CLIENT_SEED = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The provider's book of seed pairs (docs/provably-fair.md): one pair in use per player and title, its
 * server seed hidden behind its hash until the player rotates it.
 */
export function createSeedBook(db: Db, clock: Clock) {
  const current = db.prepare('SELECT * FROM provider_seeds WHERE player_id = ? AND title = ? AND revealed_at IS NULL');
  const insert = db.prepare(
    `INSERT INTO provider_seeds (player_id, title, server_seed, server_seed_hash, client_seed, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  const bump = db.prepare('UPDATE provider_seeds SET nonce = nonce + 1 WHERE id = ? RETURNING nonce');
  const reveal = db.prepare('UPDATE provider_seeds SET revealed_at = ? WHERE id = ? AND revealed_at IS NULL');
  const lastRevealed = db.prepare(
    'SELECT * FROM provider_seeds WHERE player_id = ? AND title = ? AND revealed_at IS NOT NULL ORDER BY id DESC LIMIT 1',
  );
  const byHash = db.prepare('SELECT * FROM provider_seeds WHERE server_seed_hash = ?');

  const open = (playerId: number, title: string, clientSeed = newClientSeed()) => {
    const seed = newServerSeed();
    return insert.get(playerId, title, seed, hashSeed(seed), clientSeed, clock.iso()) as SeedRow;
  };
  const pair = (playerId: number, title: string) =>
    (current.get(playerId, title) as SeedRow | undefined) ?? open(playerId, title);

  return {
    /** The seeds of the next round: the pair in use, its nonce moved on by one (atomically, synchronously). */
    take(playerId: number, title: string) {
      const row = pair(playerId, title);
      const nonce = (bump.get(row.id) as { nonce: number }).nonce;
      return { serverSeed: row.server_seed, serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce };
    },

    /** Reveals the pair in use and opens a new one (with the player's new client seed, if given). */
    rotate(playerId: number, title: string, clientSeed?: string) {
      db.transaction(() => {
        const row = pair(playerId, title);
        reveal.run(clock.iso(), row.id);
        open(playerId, title, clientSeed ?? row.client_seed);
      })();
    },

    summary(playerId: number, title: string): SeedSummary {
      const row = pair(playerId, title);
      const last = lastRevealed.get(playerId, title) as SeedRow | undefined;
      return {
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: row.nonce,
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
    revealed(hash: string) {
      const row = byHash.get(hash) as SeedRow | undefined;
      return row?.revealed_at ? row.server_seed : undefined;
    },

    /** Reveals the seed behind a hash (a table round drawn by recovery). */
    revealHash(hash: string) {
      const row = byHash.get(hash) as SeedRow | undefined;
      if (row && !row.revealed_at)
        db.transaction(() => {
          reveal.run(clock.iso(), row.id);
          open(row.player_id, row.title, row.client_seed);
        })();
    },

    /** The server seed behind a hash, revealed or not: only the provider's own replay of a round reads this. */
    secret(hash: string) {
      return (byHash.get(hash) as SeedRow | undefined)?.server_seed;
    },
  };
}

export type SeedBook = ReturnType<typeof createSeedBook>;
