import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DataOf } from '../../../../../shared/contract/define';
import {
  coupons,
  rechargeAmounts,
  type rechargeMethods,
  rechargeRecords,
} from '../../../../../shared/contract/recharge';
import { initI18n } from '../../../lib/i18n';
import { answer, pending, recorded, startContractServer } from '../../../test/contract-server';
import { DepositForm } from './deposit-form';

const server = startContractServer();

const METHODS: DataOf<typeof rechargeMethods> = [
  { code: 'gcash', name: 'GCash', enabled: true, min: 100, max: 50_000 },
  { code: 'maya', name: 'PayMaya', enabled: true, min: 100, max: 50_000 },
];

const COUPON: DataOf<typeof coupons>[number] = {
  id: 7,
  name: 'Welcome bonus 100% up to 1,000',
  bonusPercent: 100,
  maxBonus: 1000,
  minDeposit: 500,
  turnoverMultiple: 10,
  expiresAt: '2026-12-05T02:00:00.000Z',
  status: 'available',
};

/** A first deposit's answers: the first-deposit note, one welcome coupon, no Pending order. */
const answers = () => [
  answer(rechargeAmounts, { ...recorded(rechargeAmounts), firstDeposit: true, firstDepositMin: 500 }),
  answer(coupons, [COUPON]),
  answer(rechargeRecords, { ...recorded(rechargeRecords), list: [], total: 0 }),
];

describe('the deposit form on its first load (no layout shift)', () => {
  beforeAll(() => initI18n('en-US'));
  afterEach(cleanup);

  for (const [name, endpoint] of [
    ['amounts', rechargeAmounts],
    ['coupons', coupons],
    ['Pending orders', rechargeRecords],
  ] as const) {
    it(`waits whole in its skeleton while the ${name} have not answered`, async () => {
      server.use(pending(endpoint), ...answers());
      render(<DepositForm methods={METHODS} onCheckout={() => {}} />);
      // give the other reads time to answer: the form still shows none of its parts
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      expect(screen.queryByRole('radiogroup', { name: 'Pay with' })).toBeNull();
      expect(screen.queryByText('Amount')).toBeNull();
      expect(screen.queryByText('Bonus coupon')).toBeNull();
    });
  }

  it('then shows channels, the first-deposit note, amounts and coupons in one go', async () => {
    server.use(...answers());
    render(<DepositForm methods={METHODS} onCheckout={() => {}} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Pay with' })).toBeTruthy());
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(screen.getByText('Your first deposit must be at least ₱ 500.00.')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Bonus coupon' })).toBeTruthy();
    expect(screen.getByText(COUPON.name)).toBeTruthy();
  });
});
