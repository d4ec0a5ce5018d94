import { PASSWORD, type Scenario } from './kit';

export const vip3Rich: Scenario = {
  name: 'vip3-rich',
  version: 2,
  title: 'A rich VIP 3 player',
  description:
    'rico0003 deposited 3 x 20,000 pesos and played 300 slot rounds of 500 (150,000 turnover, a 10% loss): above the VIP 3 thresholds (20,000 deposits, 100,000 turnover) and below VIP 4 (50,000 and 250,000), so the VIP rules raised him to level 3 on his own. Verified, GCash wallet bound, nothing claimed yet.',
  personas: [{ username: 'rico0003', password: PASSWORD, role: 'VIP 3, about 45,000 pesos, verified, wallet bound' }],
  tryThis: [
    'Withdraw above the VIP 0 daily limit: VIP 3 allows it',
    'VIP page: level 3, progress towards VIP 4, and four rewards to claim: daily 10.00, monthly 500.00, deposit rebate 240.00 (0.4% of 60,000), turnover rebate 600.00 (0.4% of 150,000)',
    'Claim the daily reward twice: the second answers 60003 until Manila midnight (npm run ops -- clock advance 1d)',
    'Redeem VIPGOLD888 (VIP 3 and above): 188.00',
    'Game Records list 300 rounds',
  ],
  async build(kit) {
    const rico = await kit.player({ username: 'rico0003', phone: '9170000003' });
    await kit.readyToWithdraw(rico, '9171110003');
    for (let i = 0; i < 3; i++) await kit.deposit(rico, 20_000);
    // Each deposit and each wallet move runs the VIP rules: the level follows the totals.
    await kit.play(rico, 300, 500, 0.9);
  },
};
