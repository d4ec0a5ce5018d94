import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. Input is the md5 hex the client sends. */
/** algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (md5Hex: string) => hash(md5Hex, OPTIONS);

export async function verifyPassword(stored: string, md5Hex: string): Promise<boolean> {
  try {
    return await verify(stored, md5Hex);
  } catch {
    return false;
  }
}

/**
 * The lock-outs of the two passwords, one per password whichever route checks it (login, password change,
 * withdrawal, wallet bind): 5 wrong guesses in 15 minutes, counted under one limiter key each.
 */
export const PASSWORD_FAILURES = { limit: 5, windowMs: 15 * 60_000 };
export const loginLockKey = (userId: number | string) => `login:fail:${userId}`;
export const tradeLockKey = (userId: number) => `trade:user:${userId}`;

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real check, so an unknown username answers as slowly as a wrong password. */
export async function burnPasswordCheck(md5Hex: string): Promise<void> {
  dummyHash ??= hashPassword('0'.repeat(32));
  await verifyPassword(await dummyHash, md5Hex);
}
