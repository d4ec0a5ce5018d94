import { PASSWORD, type Scenario } from './kit';

export const vip3Rich: Scenario = {
  name: 'vip3-rich',
  version: 1,
  title: 'A rich VIP 3 player',
  description:
    'rico0003 deposited 3 x 20,000 pesos, played 300 slot rounds of 500 (150,000 turnover, a 10% loss), is verified with a GCash wallet and sits on VIP level 3 (higher withdrawal limits).',
  personas: [{ username: 'rico0003', password: PASSWORD, role: 'VIP 3, about 45,000 pesos, verified, wallet bound' }],
  tryThis: [
    'Withdraw above the VIP 0 daily limit: VIP 3 allows it',
    'The VIP page shows level 3 and its rewards (once the VIP branch lands)',
    'Game Records list 300 rounds',
  ],
  async build(kit) {
    const rico = await kit.player({ username: 'rico0003', phone: '9170000003' });
    await kit.wallet(rico, '9171110003');
    kit.verify(rico);
    for (let i = 0; i < 3; i++) kit.deposit(rico, 20_000);
    await kit.play(rico, 300, 500, 0.9);
    // Until the VIP domain computes levels from deposits and turnover, the level is set directly.
    kit.app.tooling.setVipLevel(rico.userId, 3);
  },
};
