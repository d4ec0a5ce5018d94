import { PASSWORD, type Scenario } from './kit';

const WEEK_MS = 7 * 86_400_000;
const SECOND_MS = 1000;

export const referralNetwork: Scenario = {
  name: 'referral-network',
  version: 3,
  title: 'A referrer and their network',
  description:
    "boss0001 invited ref00001, ref00002 and ref00003 a week ago (bound superiors). ref00001 made her first deposit (1,000) that day and wagered it (1,000 of turnover on the demo slot): a referral counts in the invite ranking once it deposited and wagered its first deposit, so last week's ranking is boss0001's with 1 invite and its 1,000.00 prize is his to claim. This week ref00002 deposited 2,500 and wagered it, then ref00001's own referral sub00001 deposited 500 and wagered it (second level under boss0001), so this week's ranking has boss0001 first and ref00001 second, one invite each. ref00003 never deposited. Nothing is claimed yet.",
  personas: [
    {
      username: 'boss0001',
      password: PASSWORD,
      role: 'superior of three, two depositing: rebates 35.00 + 7.00, 2 energy, 3 poker chances, a ranking prize',
    },
    {
      username: 'ref00001',
      password: PASSWORD,
      role: "boss0001's referral (deposited 1,000 last week and played it); superior of sub00001: 2 poker chances",
    },
    { username: 'ref00002', password: PASSWORD, role: "boss0001's referral, deposited 2,500 this week and played it" },
    { username: 'ref00003', password: PASSWORD, role: "boss0001's referral, no deposit" },
    {
      username: 'sub00001',
      password: PASSWORD,
      role: "ref00001's referral (second level under boss0001), deposited 500 and played it",
    },
  ],
  tryThis: [
    'boss0001, Friends card: 3 referrals, 2 depositing, 2 energy; deposit rebate 35.00 (1% of 1,000 + 2,500), turnover rebate 7.00 (0.2% of 1,000 + 2,500); the records list each one',
    "boss0001, Invite ranking: this week boss0001 1st and ref00001 2nd (one invite each, boss0001 earlier); claim last week's 1,000.00 prize, a second claim answers 60001",
    'boss0001, Poker cards: 3 chances (the free draw of the day and one per depositing referral); ref00001 has 2',
    'Deposit as ref00003 (her first): boss0001 gets +1 energy, +1 poker chance and a 1% rebate at once; +1 invite this week once she has wagered the deposit on a game',
    "npm run ops -- clock set <next Monday 00:00:01+08:00>: this week's prizes (1,000.00 and 500.00) become claimable by boss0001 and ref00001",
  ],
  async build(kit) {
    let boss!: Awaited<ReturnType<typeof kit.player>>;
    let ref1!: Awaited<ReturnType<typeof kit.player>>;
    let ref2!: Awaited<ReturnType<typeof kit.player>>;
    // Last week: the network signs up and ref00001 makes her first deposit and wagers it (last week's ranking).
    await kit.past(WEEK_MS, async () => {
      boss = await kit.player({ username: 'boss0001', phone: '9170000031' });
      ref1 = await kit.player({ username: 'ref00001', phone: '9170000032', invitedBy: boss });
      ref2 = await kit.player({ username: 'ref00002', phone: '9170000033', invitedBy: boss });
      await kit.player({ username: 'ref00003', phone: '9170000034', invitedBy: boss });
      await kit.deposit(ref1, 1000);
    });
    // A second later she wagers it (bets at the very time of the binding would count as made before it).
    await kit.past(WEEK_MS - SECOND_MS, () => kit.play(ref1, 20, 50, 0.9));
    // This week: ref00002's first deposit, wagered (boss0001's invite), then sub00001's (ref00001's invite).
    await kit.deposit(ref2, 2500);
    await kit.play(ref2, 25, 100, 0.9);
    let sub!: Awaited<ReturnType<typeof kit.player>>;
    await kit.past(SECOND_MS, async () => {
      sub = await kit.player({ username: 'sub00001', phone: '9170000035', invitedBy: ref1 });
    });
    await kit.deposit(sub, 500);
    await kit.play(sub, 10, 50, 0.9);
    await kit.wallet(ref1, '9173330032');
    await kit.wallet(ref2, '9173330033');
  },
};
