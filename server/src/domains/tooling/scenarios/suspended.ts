import { PASSWORD, type Scenario } from './kit';

export const suspended: Scenario = {
  name: 'suspended',
  version: 1,
  title: 'A suspended account',
  description:
    'banned01 deposited 3,000 and was then suspended by an operator for multiple accounts; good0001 is an ordinary active player beside them.',
  personas: [
    { username: 'banned01', password: PASSWORD, role: 'suspended (multiple accounts), 3,000 on the balance' },
    { username: 'good0001', password: PASSWORD, role: 'active, deposited 1,000' },
  ],
  tryThis: [
    'Log in as banned01: refused with the suspension message',
    'Back office, Players: reactivate banned01, then log in',
  ],
  async build(kit) {
    const banned = await kit.player({ username: 'banned01', phone: '9170000041' });
    await kit.deposit(banned, 3000);
    await kit.suspend(banned, 'Multiple accounts');
    const good = await kit.player({ username: 'good0001', phone: '9170000042' });
    await kit.deposit(good, 1000);
  },
};
