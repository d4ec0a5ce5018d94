import { PASSWORD, type Scenario } from './kit';

export const firstDepositPending: Scenario = {
  name: 'first-deposit-pending',
  version: 1,
  title: 'A first deposit waiting at the wallet',
  description:
    'pedro001 started a first deposit of 1,000 pesos by GCash and has not paid yet: the order is Pending for 30 minutes (virtual clock).',
  personas: [{ username: 'pedro001', password: PASSWORD, role: 'one Pending GCash deposit of 1,000' }],
  tryThis: [
    'Deposit Records shows the order as Pending',
    'Settle it from the back office (Deposits, Settle SUCCESS): the balance and the socket update',
    'Or advance the clock 31m: the order becomes Timeout and a later SUCCESS callback still credits',
    'Switch on the fault deposit.late, pay a new order in the sandbox, then advance the clock',
  ],
  async build(kit) {
    const pedro = await kit.player({ username: 'pedro001', phone: '9170000002' });
    await kit.deposit(pedro, 1000, 'pending');
  },
};
