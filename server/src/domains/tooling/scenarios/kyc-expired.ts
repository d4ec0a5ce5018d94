import { PASSWORD, type Scenario } from './kit';

export const kycExpired: Scenario = {
  name: 'kyc-expired',
  version: 1,
  title: 'Identity verification past its 7 days',
  description:
    'jose0001 registered 8 days ago, deposited 2,000 and never verified: the account is restricted, no withdrawal. jose0002 registered 6 days ago and submitted identity, still pending: one day left.',
  personas: [
    { username: 'jose0001', password: PASSWORD, role: 'registered 8 days ago, no identity: restricted' },
    { username: 'jose0002', password: PASSWORD, role: 'registered 6 days ago, identity pending, 1 day left' },
  ],
  tryThis: [
    'jose0001: Withdraw is refused (account restricted)',
    'jose0002: advance the clock 1d: restricted too, unless the back office verifies first',
  ],
  async build(kit) {
    await kit.past(8 * kit.DAY_MS, async () => {
      const jose = await kit.player({ username: 'jose0001', phone: '9170000021' });
      await kit.wallet(jose, '9173330001');
      await kit.deposit(jose, 2000);
    });
    await kit.past(6 * kit.DAY_MS, async () => {
      const jose = await kit.player({ username: 'jose0002', phone: '9170000022' });
      await kit.wallet(jose, '9173330002');
      await kit.deposit(jose, 1000);
      await kit.submitKyc(jose);
    });
  },
};
