import { describe, expect, it } from 'vitest';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';
import { OPEN_ROUND_IDLE_MS } from './engine';
import { type DealerPokerConfig, dealerPoker, dealerPokerEngine } from './games/dealerPoker';
import type { Title } from './games/titles';

/**
 * Caribbean Stud and Casino Hold'em took ante + call (3x the ante) at the deal until 8adf267; now the deal
 * takes the ante alone and the call is a raise. A hand dealt before the deploy and still open after it is
 * replayed by the new engine. Recovery finishes it (the start's recovery plays out every open round, though
 * the page's session survives a deploy since migration 0067): folded by the idle time-out with the new rules, the reserved call would be kept
 * (3x the ante lost on a fold that costs 1x). Such a round (no move yet, staked other than its engine takes
 * for its params) is refunded whole instead.
 */
const { bed, fund, open } = providerTestBed();
const balance = async () => (await bed.app.services.ledger.account(bed.userId)).balance;
const KEY = 'crt-caribbean-stud-sands';
const config = (dealerPoker.configs as Record<string, DealerPokerConfig>).caribbeanStud as DealerPokerConfig;
/** The engine as it dealt before 8adf267: the call reserved at the deal, no raise. */
const oldStud = {
  key: 'oldStud',
  configs: { caribbeanStud: config },
  create: (c: DealerPokerConfig) => ({
    ...dealerPokerEngine(c),
    stakeOf: (p: { ante: number; pairPlus?: number }) => p.ante * 3 + (p.pairPlus ?? 0),
    raiseOf: () => 0,
  }),
};
const oldTitle: Title = {
  key: 'test-old-stud',
  name: 'old',
  family: 'oldStud',
  config: 'caribbeanStud',
  theme: 'test',
  art: '',
  shared: false,
};

/** A hand dealt by the old engine (as Caribbean Stud Sands dealt it), then the deploy: its round now played by today's engine. */
async function dealtBeforeDeploy() {
  bed.provider.studio.extend([oldStud], new Map([[oldTitle.key, oldTitle]]));
  await fund(100);
  const before = await balance();
  const session = await open(oldTitle.key);
  const dealt = await bed.provider.play(session, { ante: 1000 });
  if (!dealt.ok) throw new Error(dealt.message);
  expect(await balance()).toBe(before - 3000);
  await inDb(bed.app.db).run`UPDATE provider_rounds SET title = ${KEY} WHERE round_id = ${dealt.roundId}`;
  return { before, roundId: dealt.roundId };
}
const casinoRound = (roundId: string) =>
  inDb(bed.app.db).get<{ status: string }>`SELECT status FROM game_rounds WHERE round_id = ${roundId}`;

describe('a dealer poker hand dealt under the reserved-call rules, open at the deploy', () => {
  it('attack: left idle, recovery refunds it whole rather than folding it with the reserved call kept', async () => {
    const { before, roundId } = await dealtBeforeDeploy();
    bed.app.clock.advance(OPEN_ROUND_IDLE_MS + 60_000);
    await bed.provider.recover(0, OPEN_ROUND_IDLE_MS);
    expect(await casinoRound(roundId)).toEqual({ status: 'refunded' });
    expect(await balance()).toBe(before);
    await assertLedgerWhole(bed.app.db);
  });
});
