import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/postgres/open';
import type { PgPoolDb } from '../../db/postgres/pool';
import { opsClient, type TestClient, testApp } from '../../test/helpers';
import { inDb } from '../../test/in-db';
import { MISSING_CARD } from './scenarios/poker-53-of-54';
import { ledgerIsWhole, logIn } from './test-kit';

// On PostgreSQL a draw's SERIALIZABLE transaction is run again after a serialization failure: the
// tester's one-shot poker.card fault, taken by the first attempt, must still choose the card of the draw.
let app: FastifyInstance;
let ops: TestClient;
let other: PgPoolDb;
beforeEach(async () => {
  app = await testApp();
  ops = opsClient(app);
  other = openPostgres((app.db as PgPoolDb).url);
});
afterEach(async () => {
  await other?.close();
  await app.close();
});

describe('the poker.card fault on PostgreSQL', () => {
  it('fires once per draw, even when a concurrent write makes the draw run twice', async () => {
    const loaded = await ops.post<{ personas: { uid: number }[] }>('/ops/scenarios/poker-53-of-54');
    const uid = loaded.body.data.personas[0]?.uid;
    const { client } = await logIn(app, 'luz00053');
    expect((await ops.post('/ops/faults', { kind: 'poker.card', card: MISSING_CARD, uid })).body.success).toBe(true);

    // The tooling's own interceptor, plus a concurrent write of the same card row from another connection
    // while the first attempt is open: its upsert then fails with 40001 and the draw runs again.
    const { tooling, poker, users } = app.services;
    let asked = 0;
    poker.interceptDraws(async (userId) => {
      asked += 1;
      const card = tooling.faults.take('poker', (await users.byId(userId))?.uid ?? null)?.card ?? undefined;
      if (asked === 1)
        await inDb(other).run`INSERT INTO poker_cards (user_id, card, owned, first_at, updated_at)
          VALUES (${userId}, ${MISSING_CARD}, 1, ${app.clock.iso()}, ${app.clock.iso()})`;
      return card;
    });

    const drawn = await client.post<{ card: string; completed: boolean }>('/api/poker/draw');
    expect(drawn.body.success, JSON.stringify(drawn.body)).toBe(true);
    expect(asked).toBe(1);
    const owned = await inDb(other)
      .value<number>`SELECT owned FROM poker_cards WHERE user_id = (SELECT id FROM users WHERE uid = ${uid}) AND card = ${MISSING_CARD}`;
    // The concurrent row and the draw's own: the draw ran after the conflict, with the fault's card.
    expect(owned).toBe(2);
    expect((await ops.get<{ faults: unknown[] }>('/ops/faults')).body.data.faults).toEqual([]);
    await ledgerIsWhole(app);
  });
});
