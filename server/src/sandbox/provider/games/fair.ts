import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Rng } from './rng';

/**
 * Provably fair randomness (docs/provably-fair.md). A round's random bytes are
 * HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${cursor}`) for cursor 0, 1, 2, ...:
 * 32 bytes per cursor, read in order. The server seed is committed by its SHA-256 hash before any bet and
 * revealed when the player rotates the pair, so anyone can recompute every round played on it.
 *
 * - int(max): 4 bytes as a big-endian unsigned 32-bit integer (6 bytes, 48 bits, when max > 2^32),
 *   rejected and redrawn when it falls in the incomplete last block (so every value is equally likely),
 *   then taken modulo max.
 * - float(): 7 bytes, the first 52 bits, divided by 2^52: uniform in [0, 1).
 */
export interface FairRng extends Rng {
  /** How many bytes the round has read (for the verify page). */
  bytesUsed(): number;
}

export const hashSeed = (serverSeed: string) => createHash('sha256').update(serverSeed).digest('hex');

/** A fresh server seed: 32 random bytes as hex. */
export const newServerSeed = () => randomBytes(32).toString('hex');

/** A default client seed (the player may replace it): 8 random bytes as hex. */
export const newClientSeed = () => randomBytes(8).toString('hex');

export function fairRng(serverSeed: string, clientSeed: string, nonce: number): FairRng {
  let cursor = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  let used = 0;
  const byte = () => {
    if (offset >= block.length) {
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor++}`).digest();
      offset = 0;
    }
    used++;
    return block[offset++] as number;
  };
  const bits = (bytes: number) => {
    let value = 0;
    for (let i = 0; i < bytes; i++) value = value * 256 + byte();
    return value;
  };
  return {
    int(max) {
      if (!Number.isInteger(max) || max < 1 || max > 2 ** 48) throw new RangeError(`int(${max})`);
      if (max === 1) return 0;
      const bytes = max > 2 ** 32 ? 6 : 4;
      const range = 2 ** (bytes * 8);
      const limit = range - (range % max);
      for (;;) {
        const value = bits(bytes);
        if (value < limit) return value % max;
      }
    },
    float() {
      // 52 bits: 6 full bytes and the high 4 bits of the seventh.
      const value = bits(6) * 16 + (byte() >> 4);
      return value / 2 ** 52;
    },
    bytesUsed: () => used,
  };
}
