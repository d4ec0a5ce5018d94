import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
import { param, prepareQuery, sql } from '../../db/builder';
import { type Db, SEEDS_DIR } from '../../db/database';

interface WithdrawalsSeed {
  limits: { vipLevel: number; dailyAmount: number; dailyCount: number }[];
  settings: Record<string, unknown>;
}

export const readWithdrawalsSeed = (): WithdrawalsSeed =>
  JSON.parse(readFileSync(join(SEEDS_DIR, 'withdrawals.json'), 'utf8')) as WithdrawalsSeed;

/**
 * The daily limits per VIP level follow the seed file at every start, except a level an operator changed
 * (POST /ops/withdraw-limits/:vipLevel, `set_by_operator`), which keeps the operator's values; settings
 * keep values already stored, so an operator's change survives a restart. autoApprove is not seeded: until
 * an operator sets it, it follows NODE_ENV (on for development).
 */
export async function seedWithdrawals(db: Db): Promise<void> {
  const seed = readWithdrawalsSeed();
  const limit = prepareQuery(db, (b) =>
    b
      .insertInto('withdraw_limits')
      .values({
        vip_level: param<number>('vipLevel'),
        daily_amount: param<number>('dailyAmount'),
        daily_count: param<number>('dailyCount'),
      })
      .onConflict((c) =>
        c
          .column('vip_level')
          .doUpdateSet((u) => ({
            daily_amount: u.ref('excluded.daily_amount'),
            daily_count: u.ref('excluded.daily_count'),
          }))
          .where('withdraw_limits.set_by_operator', '=', sql.lit(0)),
      ),
  );
  for (const l of seed.limits) {
    await limit.run({ vipLevel: l.vipLevel, dailyAmount: toCentavos(l.dailyAmount), dailyCount: l.dailyCount });
  }
  const setting = prepareQuery(db, (b) =>
    b
      .insertInto('withdraw_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.doNothing()),
  );
  for (const [key, value] of Object.entries(seed.settings)) await setting.run({ key, value: JSON.stringify(value) });
}
