import { PASSWORD, type Scenario } from './kit';

export const newPlayer: Scenario = {
  name: 'new-player',
  version: 1,
  title: 'A player who just signed up',
  description:
    'maria001 registered a minute ago: no deposit, no wallet, no transaction password, identity not submitted, the WELCOME100 coupon waiting.',
  personas: [{ username: 'maria001', password: PASSWORD, role: 'registered, nothing else done' }],
  tryThis: [
    'Deposit below 500 pesos: the first-deposit minimum refuses it',
    'Deposit 500 with the WELCOME100 coupon in the GCash sandbox (any 9xxxxxxxxx, MPIN 1234; 0000 declines)',
    'Open Withdraw: the transaction password is asked for first',
    'Submit identity in Personal Information, then decide it in the back office (/ops)',
  ],
  async build(kit) {
    await kit.player({ username: 'maria001', phone: '9170000001' });
  },
};
