import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// The server project hashes at test cost (test/cheap-argon2.ts); this file checks production's hashing.
vi.unmock('@node-rs/argon2');

const MD5 = 'e10adc3949ba59abbe56e057f20f883e';

describe('password hashing', () => {
  it('hashes with argon2id at OWASP parameters (19 MiB, 2 passes, 1 lane), and that hash verifies', async () => {
    const stored = await hashPassword(MD5);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(stored, MD5)).toBe(true);
    expect(await verifyPassword(stored, MD5.replace('e', 'f'))).toBe(false);
    // A fresh salt each time.
    expect(await hashPassword(MD5)).not.toBe(stored);
  });

  it('a hash made at the tests’ cost verifies too, and a broken stored hash is a wrong password', async () => {
    const { hash } = await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
    // The parameters of test/cheap-argon2.ts (not imported: importing it would mock the module again here).
    const cheap = await hash(MD5, { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(cheap, MD5)).toBe(true);
    expect(await verifyPassword('not-a-hash', MD5)).toBe(false);
  });
});
