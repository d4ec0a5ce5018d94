import { prepareQuery } from '../../db/builder';
import type { Db } from '../../db/database';

/**
 * The dev operator accounts of a local `npm start` (docs/operator-guide.md, "Dev accounts"): one admin and
 * one tester, both with the password `dev-operator-1` and the TOTP secret below (add it to an authenticator
 * app, or `npm run ops -- totp JBSWY3DPEHPK3PXP` prints the current code). They are written once and never
 * overwritten; with TESTER_TOOLS=off the server disables them at start while they still have this password
 * (register.ts), so a live deployment never runs with them.
 */
export const DEV_OPERATOR_PASSWORD = 'dev-operator-1';
/** argon2id of DEV_OPERATOR_PASSWORD, computed once (no hashing at every start). */
export const DEV_OPERATOR_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$iMqvhYYEKM1Rmu8dU/WMdA$ASIs+pRUCGPXuaWFwh+Ua8A71/6x3ENumciI2CpZmao';
export const DEV_OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEV_OPERATORS = [
  { name: 'dev-admin', role: 'admin' },
  { name: 'dev-tester', role: 'tester' },
] as const;

export async function seedOperators(db: Db): Promise<void> {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('operators')
      .values(
        DEV_OPERATORS.map((o) => ({
          name: o.name,
          role: o.role,
          password_hash: DEV_OPERATOR_HASH,
          totp_secret: DEV_OPERATOR_TOTP_SECRET,
          totp_enrolled: 1,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .onConflict((c) => c.column('name').doNothing()),
  );
  await insert.run({});
}
