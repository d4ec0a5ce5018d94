/**
 * Setup of the server test project: argon2id at test cost. Production hashes with OWASP's 19 MiB and two
 * passes (domains/user/password.ts), about 10 ms of a core each; a run of the server tests made 1,380
 * hashes and 503 verifications (Nov 27 2026). Here every new hash is made with 64 KiB and one pass (0.1 ms), the
 * same algorithm and format; verify reads the cost from the stored string, so these hashes verify as cheaply
 * and a stored OWASP hash (the dev operators' seed) still verifies at its own cost.
 *
 * Only this project's setup mocks it: no setting or environment variable of the server can lower the cost.
 * password.test.ts unmocks it and checks the production parameters (a test file that imports this module
 * mocks argon2 again: nothing should import it).
 */
import { vi } from 'vitest';

const TEST_ARGON2 = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...actual,
    hash: (password: string | Uint8Array, options?: import('@node-rs/argon2').Options, signal?: AbortSignal) =>
      actual.hash(password, { ...options, ...TEST_ARGON2 }, signal),
  };
});
