import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../domains/user/password';

// The server project's setup (cheap-argon2.ts) is in force: a hash made here is at the test cost, and verifies.
// (Production's parameters: domains/user/password.test.ts.)
it('the server tests hash passwords at the test cost', async () => {
  const stored = await hashPassword('e10adc3949ba59abbe56e057f20f883e');
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  expect(await verifyPassword(stored, 'e10adc3949ba59abbe56e057f20f883e')).toBe(true);
});
