import { describe, expect, it } from 'vitest';
import { Code } from '../../../../shared/codes';
import { assertLedgerWhole } from '../../domains/ledger/whole';
import { inDb } from '../../test/in-db';
import { providerTestBed } from '../../test/provider-bed';

/**
 * The catalog went from 130 titles to 55 (review of the catalog merge): the removed titles' games rows are
 * hidden and their keys no longer resolve at the studio. How a player would beat it, or lose to it: launch a
 * removed title by its old game id or its old key and play it; or, the other way, hold an open hand of a
 * title removed under it, which the provider can no longer play out, so its stake would stay taken forever.
 */
const { bed, fund, open } = providerTestBed();
const balance = async () => (await bed.app.services.ledger.account(bed.userId)).balance;
/** A key of the catalog before the merge (3f595a5), gone from titles.ts. */
const REMOVED_KEY = 'vlv-blackjack-lounge';

describe('a removed title', () => {
  it('attack: its hidden game id cannot be launched, nor its old key opened with a live launch', async () => {
    await inDb(bed.app.db).run`UPDATE games SET enabled = 0, provider_game = ${REMOVED_KEY} WHERE id = 1`;
    const hidden = await bed.player.post('/api/game/getUrl', { gameId: 1 });
    expect(hidden.body.code).toBe(Code.GAME_NOT_FOUND);
    // A live launch of a kept title, opened at the provider under the removed key: refused before any wallet call.
    await inDb(bed.app.db).run`UPDATE games SET enabled = 1, provider_game = 'test-coin' WHERE id = 1`;
    const launched = await bed.player.post<{ playUrl: string }>('/api/game/getUrl', { gameId: 1 });
    const token = new URL(launched.body.data.playUrl).searchParams.get('token') ?? '';
    expect(await bed.provider.open(token, REMOVED_KEY)).toMatchObject({ ok: false, code: Code.GAME_NOT_PLAYABLE });
  });

  it('attack: an open hand of a title removed under it is rolled back by recover, once: the stake back', async () => {
    await fund(100);
    const session = await open('test-roll');
    const before = await balance();
    const started = await bed.provider.play(session, { stake: 1000 });
    expect(started).toMatchObject({ ok: true, done: false });
    if (!started.ok) return;
    expect(await bed.provider.act(session, started.roundId, { move: 'roll' })).toMatchObject({ ok: true });
    expect(await balance()).toBe(before - 1000);
    // The deploy removes the title: the open round now names a key the studio does not resolve.
    await inDb(bed.app.db).run`UPDATE provider_rounds SET title = ${REMOVED_KEY} WHERE round_id = ${started.roundId}`;
    bed.app.clock.advance(60 * 60_000);
    expect(await bed.provider.recover(0, 0)).toBe(1);
    expect(await bed.provider.recover(0, 0)).toBe(0);
    const provider = await inDb(bed.app.db).get<{ state: string }>`
      SELECT state FROM provider_rounds WHERE round_id = ${started.roundId}`;
    expect(provider).toEqual({ state: 'void' });
    const casino = await inDb(bed.app.db).get<{ status: string }>`
      SELECT status FROM game_rounds WHERE round_id = ${started.roundId}`;
    expect(casino).toEqual({ status: 'refunded' });
    expect(await balance()).toBe(before);
    await assertLedgerWhole(bed.app.db);
  });
});
