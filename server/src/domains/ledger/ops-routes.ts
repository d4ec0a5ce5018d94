import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../../shared/contract/ops-money';
import { toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay, manilaDayRange } from '../../../../shared/time';
import { route } from '../../route';
import type { LedgerService } from './service';

/** Balance adjustments and a player's journal under /ops (shared/contract/ops-money.ts). */
export function ledgerOpsRoutes(app: FastifyInstance, ledger: LedgerService) {
  const { users } = app.services;

  route(app, contract.adjustBalance, async ({ params, body }) => {
    const user = await users.opsTarget(params.uid);
    const sign = body.amount < 0 ? -1 : 1;
    const amount = sign * toCentavos(Math.abs(body.amount));
    const { journalId } = await app.db.transaction(() =>
      ledger.post(user.id, {
        type: 'adjust',
        amount,
        reference: `ADJ${manilaDay(app.clock.now()).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
        remark: body.reason,
      }),
    )();
    app.events.emit('balance.moved', { userId: user.id });
    return { ...(await ledger.buckets(user.id)).userAccountVO, journalId };
  });

  route(app, contract.userJournal, async ({ params, query }) => {
    const user = await users.opsTarget(params.uid);
    const filter = {
      userId: user.id,
      type: query.type,
      ...manilaDayRange(query.from, query.to),
      limit: query.size,
      offset: (query.page - 1) * query.size,
    };
    return {
      list: (await ledger.journalPage(filter)).map((row) => ({
        id: row.id,
        type: row.type,
        amount: toPesos(row.amount),
        frozenDelta: toPesos(row.frozen_delta),
        pointDelta: row.point_delta,
        balanceAfter: toPesos(row.balance_after),
        frozenAfter: toPesos(row.frozen_after),
        reference: row.reference,
        remark: row.remark,
        createdAt: row.created_at,
      })),
      page: query.page,
      size: query.size,
      total: await ledger.journalCount(filter),
    };
  });

  route(app, contract.ledgerCheck, async () => {
    const check = await ledger.check();
    return {
      whole: check.problems.length === 0,
      problems: check.problems,
      total: toPesos(check.totals.money),
      totalPoints: check.totals.points,
      counterparties: check.counterparties.map((c) => ({ ...c, balance: toPesos(c.balance) })),
    };
  });
}
