import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../../../../shared/money';
import { param, prepareQuery } from '../../db/builder';
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
  const channel = prepareQuery(db, (b) =>
    b
      .insertInto('payment_channels')
      .values({
        code: param<string>('code'),
        name: param<string>('name'),
        enabled: param<number>('enabled'),
        min_amount: param<number>('min'),
        max_amount: param<number>('max'),
        fee_percent: param<number>('feePercent'),
        sort_order: param<number>('sort'),
      })
      .onConflict((c) => c.doNothing()),
  );
  for (const c of seed.channels) {
    await channel.run({ ...c, enabled: c.enabled ? 1 : 0, min: toCentavos(c.min), max: toCentavos(c.max) });
  }
  const setting = prepareQuery(db, (b) =>
    b
      .insertInto('payment_settings')
      .values({ key: param<string>('key'), value: param<string>('value') })
      .onConflict((c) => c.doNothing()),
  );
  for (const [key, value] of Object.entries({ ...seed.settings, welcomeCoupons: seed.welcomeCoupons })) {
    await setting.run({ key, value: JSON.stringify(value) });
  }
  const coupon = prepareQuery(db, (b) =>
    b
      .insertInto('coupon_templates')
      .values({
        code: param<string>('code'),
        name_en: param<string>('nameEn'),
        name_vi: param<string>('nameVi'),
        bonus_percent: param<number>('bonusPercent'),
        max_bonus: param<number>('maxBonus'),
        min_deposit: param<number>('minDeposit'),
        turnover_multiple: param<number>('turnoverMultiple'),
        valid_days: param<number>('validDays'),
      })
      .onConflict((c) =>
        c
          .column('code')
          .doUpdateSet((u) => ({ name_en: u.ref('excluded.name_en'), name_vi: u.ref('excluded.name_vi') })),
      ),
  );
  for (const c of seed.coupons) {
    await coupon.run({ ...c, maxBonus: toCentavos(c.maxBonus), minDeposit: toCentavos(c.minDeposit) });
  }
}
