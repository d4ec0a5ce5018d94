import type { SqlBool } from 'kysely';
import { sql } from '../builder';
import { dialect } from './dialect';
import type { SchemaMigration } from './index';

/**
 * The coupons still available, by expiry: the deposit time-out sweep, which a player's deposit records and
 * checkout also run, marks the lapsed ones expired without scanning every coupon ever granted
 * (server/src/db/query-plans.test.ts).
 */
export const couponExpiry: SchemaMigration = {
  version: 53,
  name: '0053_coupon_expiry',
  up: (engine) => [
    dialect(engine)
      .index('user_coupons_available_expiry', 'user_coupons')
      .columns(['expires_at'])
      .where(sql<SqlBool>`status = 'available'`)
      .compile().sql,
  ],
};
