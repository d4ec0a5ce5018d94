import { PASSWORD, type Scenario } from './kit';

export const pendingWithdrawal: Scenario = {
  name: 'pending-withdrawal',
  version: 1,
  title: 'Withdrawals waiting for review',
  description:
    'Three verified players with a GCash wallet, each with a Pending withdrawal of 1,500 pesos (frozen) after a 5,000 deposit (autoApprove is switched off): ana00001 is paid normally, ana00002 has a wallet ending 0000 (the payout gateway declines it), ana00003 one ending 9999 (Exception).',
  personas: [
    { username: 'ana00001', password: PASSWORD, role: 'Pending withdrawal, pays out' },
    { username: 'ana00002', password: PASSWORD, role: 'Pending withdrawal, payout declined (Failed, money returned)' },
    { username: 'ana00003', password: PASSWORD, role: 'Pending withdrawal, payout ends in Exception' },
  ],
  tryThis: [
    'Back office, Withdrawals: review each one, then advance the clock 1m for the gateway answer',
    'Reject one with a reason: the player sees it in Withdrawal Records and gets the money back',
    'Switch on payout.fail for ana00001 (uid) before reviewing: her payout fails too',
  ],
  async build(kit) {
    // A development server approves new withdrawals at once; these must wait for a tester.
    await kit.app.services.withdrawals.setSettings({ autoApprove: false });
    const accounts = ['9172220001', '9172220000', '9172229999'];
    for (const [i, account] of accounts.entries()) {
      const ana = await kit.player({ username: `ana0000${i + 1}`, phone: `917000001${i}` });
      await kit.readyToWithdraw(ana, account);
      await kit.deposit(ana, 5000);
      await kit.withdraw(ana, 1500);
    }
  },
};
