import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
import { type Db, SEEDS_DIR } from '../../db/database';

interface PaymentsSeed {
  channels: {
    code: string;
    name: string;
    enabled: boolean;
    min: number;
    max: number;
    feePercent: number;
    sort: number;
  }[];
  settings: Record<string, unknown>;
  coupons: {
    code: string;
    nameEn: string;
    nameVi: string;
    bonusPercent: number;
    maxBonus: number;
    minDeposit: number;
    turnoverMultiple: number;
    validDays: number;
  }[];
  welcomeCoupons: string[];
}

export const readPaymentsSeed = (): PaymentsSeed =>
  JSON.parse(readFileSync(join(SEEDS_DIR, 'payments.json'), 'utf8')) as PaymentsSeed;

/**
 * Channels and coupon templates are inserted once (an operator may switch a channel off later and a
 * restart must not switch it back on); settings keep values already stored.
 */
export async function seedPayments(db: Db): Promise<void> {
  const seed = readPaymentsSeed();
  const channel = db.prepare(
    `INSERT INTO payment_channels (code, name, enabled, min_amount, max_amount, fee_percent, sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  for (const c of seed.channels) {
    await channel.run(c.code, c.name, c.enabled ? 1 : 0, toCentavos(c.min), toCentavos(c.max), c.feePercent, c.sort);
  }
  const setting = db.prepare('INSERT INTO payment_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING');
  for (const [key, value] of Object.entries({ ...seed.settings, welcomeCoupons: seed.welcomeCoupons })) {
    await setting.run(key, JSON.stringify(value));
  }
  const coupon = db.prepare(
    `INSERT INTO coupon_templates (code, name_en, name_vi, bonus_percent, max_bonus, min_deposit, turnover_multiple, valid_days)
     VALUES (@code, @nameEn, @nameVi, @bonusPercent, @maxBonus, @minDeposit, @turnoverMultiple, @validDays)
     ON CONFLICT (code) DO UPDATE SET name_en = excluded.name_en, name_vi = excluded.name_vi`,
  );
  for (const c of seed.coupons) {
    await coupon.run({ ...c, maxBonus: toCentavos(c.maxBonus), minDeposit: toCentavos(c.minDeposit) });
  }
}
