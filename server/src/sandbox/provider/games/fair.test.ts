import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairRng, hashSeed } from './fair';

describe('the provably fair Rng', () => {
  it('reads HMAC-SHA256(serverSeed, clientSeed:nonce:cursor) bytes in order', () => {
    const first = createHmac('sha256', 'server').update('client:7:0').digest();
    const rng = fairRng('server', 'client', 7);
    const expected = first.readUInt32BE(0);
    // 2^32 is a multiple of 2^k, so int(2^16) never rejects: it is the first word modulo 65536.
    expect(rng.int(65536)).toBe(expected % 65536);
    expect(rng.bytesUsed()).toBe(4);
  });

  it('moves to the next cursor after 32 bytes', () => {
    const second = createHmac('sha256', 'server').update('client:1:1').digest();
    const rng = fairRng('server', 'client', 1);
    for (let i = 0; i < 8; i++) rng.int(256);
    expect(rng.int(2 ** 32)).toBe(second.readUInt32BE(0));
  });

  it('replays the same draws from the same seeds and differs with the nonce', () => {
    const draws = (nonce: number) => {
      const rng = fairRng('s', 'c', nonce);
      return [rng.int(52), rng.int(37), rng.float(), rng.int(3)];
    };
    expect(draws(1)).toEqual(draws(1));
    expect(draws(1)).not.toEqual(draws(2));
  });

  it('draws ints without bias and floats in [0, 1)', () => {
    const rng = fairRng('bias', 'check', 0);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const n = rng.int(3);
      counts[n] = (counts[n] ?? 0) + 1;
    }
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(600);
    for (let i = 0; i < 1000; i++) {
      const f = rng.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });

  it('commits to a seed by its SHA-256 hex', () => {
    expect(hashSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
