import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
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
  const limit = db.prepare(
    `INSERT INTO withdraw_limits (vip_level, daily_amount, daily_count) VALUES (?, ?, ?)
     ON CONFLICT (vip_level) DO UPDATE SET daily_amount = excluded.daily_amount, daily_count = excluded.daily_count
     WHERE withdraw_limits.set_by_operator = 0`,
  );
  for (const l of seed.limits) await limit.run(l.vipLevel, toCentavos(l.dailyAmount), l.dailyCount);
  const setting = db.prepare('INSERT INTO withdraw_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING');
  for (const [key, value] of Object.entries(seed.settings)) await setting.run(key, JSON.stringify(value));
}
