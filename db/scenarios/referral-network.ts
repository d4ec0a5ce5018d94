import { PASSWORD, type Scenario } from './kit';

export const referralNetwork: Scenario = {
  name: 'referral-network',
  version: 1,
  title: 'A referrer and their network',
  description:
    'boss0001 invited ref00001, ref00002 and ref00003 (bound superiors); ref00001 deposited 1,000 and invited sub00001 (second level, deposited 500); ref00002 deposited 2,500; ref00003 never deposited.',
  personas: [
    { username: 'boss0001', password: PASSWORD, role: 'superior of three players, one of them with a referral' },
    { username: 'ref00001', password: PASSWORD, role: "boss0001's referral, deposited 1,000, invited sub00001" },
    { username: 'ref00002', password: PASSWORD, role: "boss0001's referral, deposited 2,500" },
    { username: 'ref00003', password: PASSWORD, role: "boss0001's referral, no deposit" },
    { username: 'sub00001', password: PASSWORD, role: 'second level under boss0001, deposited 500' },
  ],
  tryThis: [
    'boss0001: the friends card shows three referrals, two of them depositors',
    'Invite ranking, referral deposit rebates (once the VIP and friends branch lands)',
  ],
  async build(kit) {
    const boss = await kit.player({ username: 'boss0001', phone: '9170000031' });
    const ref1 = await kit.player({ username: 'ref00001', phone: '9170000032', invitedBy: boss });
    const ref2 = await kit.player({ username: 'ref00002', phone: '9170000033', invitedBy: boss });
    await kit.player({ username: 'ref00003', phone: '9170000034', invitedBy: boss });
    const sub = await kit.player({ username: 'sub00001', phone: '9170000035', invitedBy: ref1 });
    kit.deposit(ref1, 1000);
    kit.deposit(ref2, 2500);
    kit.deposit(sub, 500);
  },
};
