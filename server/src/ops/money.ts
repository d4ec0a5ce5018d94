import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../shared/codes';
import * as contract from '../../../shared/contract/ops-money';
import { toCentavos, toPesos } from '../../../shared/money';
import { manilaDay, manilaDayRange } from '../../../shared/time';
import type { DepositRow } from '../domains/deposit/repo';
import { AppError } from '../errors';
import { route } from '../route';

/** The operator API for money (shared/contract/ops-money.ts); registered by opsRoutes. */
export function opsMoneyRoutes(app: FastifyInstance) {
  const { users, ledger, deposits, withdrawals, kyc, captcha } = app.services;

  const userByUid = (uid: number) => {
    const row = users.repo.byUid(uid);
    if (!row) throw new AppError(Code.OPS_NOT_FOUND);
    return row;
  };
  /** A uid filter: an unknown uid matches nothing (an empty page, not an error). */
  const userIdFilter = (uid: number | undefined) => (uid === undefined ? null : (users.repo.byUid(uid)?.id ?? -1));

  const depositView = (d: DepositRow) => {
    const owner = users.repo.byId(d.user_id);
    return {
      orderNo: d.order_no,
      uid: owner?.uid ?? 0,
      username: owner?.username ?? '',
      channel: d.channel,
      amount: toPesos(d.amount),
      bonus: toPesos(d.bonus),
      fee: toPesos(d.fee),
      status: d.status,
      createdAt: d.created_at,
      expiresAt: d.expires_at,
      paidAt: d.paid_at,
      settledAt: d.settled_at,
      gatewayRef: d.gateway_ref,
      callbackCount: d.callback_count,
    };
  };

  route(app, contract.listDeposits, ({ query }) => {
    deposits.expireOverdue();
    const { rows, total } = deposits.records(userIdFilter(query.uid), {
      status: query.status,
      orderNo: query.orderNo,
      ...manilaDayRange(query.from, query.to),
      page: query.page,
      size: query.size,
    });
    return { list: rows.map(depositView), page: query.page, size: query.size, total };
  });

  route(app, contract.settleDeposit, ({ params, body }) => {
    const order = deposits.repo.byOrderNo(params.orderNo);
    if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
    // Exactly what the gateway sends: signed, through the webhook's idempotent path.
    deposits.callback(deposits.signedCallback(order, body.status));
    return depositView(deposits.repo.byOrderNo(params.orderNo) as DepositRow);
  });

  route(app, contract.setChannel, ({ params, body }) => {
    const channel = deposits.repo.channel(params.code);
    if (!channel) throw new AppError(Code.OPS_NOT_FOUND);
    const min = body.min === undefined ? channel.min_amount : toCentavos(body.min);
    const max = body.max === undefined ? channel.max_amount : toCentavos(body.max);
    if (min > max) {
      throw new AppError(Code.VALIDATION, {
        data: [{ field: body.min === undefined ? 'max' : 'min', message: 'Format is incorrect' }],
      });
    }
    app.db.transaction(() =>
      deposits.repo.setChannel({
        code: params.code,
        enabled: body.enabled === undefined ? null : body.enabled ? 1 : 0,
        min: body.min === undefined ? null : min,
        max: body.max === undefined ? null : max,
      }),
    )();
    return deposits.methods();
  });

  route(app, contract.listWithdrawals, ({ query }) => {
    withdrawals.settleDue();
    const { rows, total } = withdrawals.opsRecords(userIdFilter(query.uid), {
      status: query.status,
      orderNo: query.orderNo,
      ...manilaDayRange(query.from, query.to),
      page: query.page,
      size: query.size,
    });
    return { list: rows, page: query.page, size: query.size, total };
  });

  route(app, contract.getWithdrawal, ({ params }) => {
    withdrawals.settleDue();
    return withdrawals.opsDetail(params.orderNo);
  });

  route(app, contract.reviewWithdrawal, ({ params }) => {
    withdrawals.review(params.orderNo, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  route(app, contract.rejectWithdrawal, ({ params, body }) => {
    withdrawals.reject(params.orderNo, body.reason, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  route(app, contract.payoutWithdrawal, ({ params, body }) => {
    withdrawals.payout(params.orderNo, body.result, body.reason, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  const settingsView = () => ({ ...withdrawals.settings(), limits: withdrawals.limits() });

  route(app, contract.getWithdrawSettings, settingsView);

  route(app, contract.setWithdrawSettings, ({ body }) => {
    withdrawals.setSettings(body);
    return settingsView();
  });

  route(app, contract.adjustBalance, ({ params, body }) => {
    const user = userByUid(params.uid);
    const sign = body.amount < 0 ? -1 : 1;
    const amount = sign * toCentavos(Math.abs(body.amount));
    const { journalId } = app.db.transaction(() =>
      ledger.post(user.id, {
        type: 'adjust',
        amount,
        reference: `ADJ${manilaDay(app.clock.now()).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
        remark: body.reason,
      }),
    )();
    app.events.emit('balance.moved', { userId: user.id });
    return { ...ledger.buckets(user.id).userAccountVO, journalId };
  });

  route(app, contract.userJournal, ({ params, query }) => {
    const user = userByUid(params.uid);
    const filter = {
      userId: user.id,
      type: query.type,
      ...manilaDayRange(query.from, query.to),
      limit: query.size,
      offset: (query.page - 1) * query.size,
    };
    return {
      list: ledger.repo.journalPage(filter).map((row) => ({
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
      total: ledger.repo.journalCount(filter),
    };
  });

  route(app, contract.ledgerCheck, () => {
    const check = ledger.check();
    return {
      whole: check.problems.length === 0,
      problems: check.problems,
      total: toPesos(check.totals.money),
      totalPoints: check.totals.points,
      counterparties: check.counterparties.map((c) => ({ ...c, balance: toPesos(c.balance) })),
    };
  });

  route(app, contract.captchaAnswer, ({ params }) => {
    const found = captcha.peek(params.token);
    const owner = found && users.repo.byId(found.userId);
    if (!found || !owner) throw new AppError(Code.OPS_NOT_FOUND);
    return { answer: found.answer, uid: owner.uid, expiresAt: found.expiresAt, used: found.used };
  });

  route(app, contract.listKyc, ({ query }) => {
    const userId = userIdFilter(query.uid);
    const { rows, total } = kyc.list({
      status: query.status,
      userId: userId ?? undefined,
      page: query.page,
      size: query.size,
    });
    return { list: rows, page: query.page, size: query.size, total };
  });

  route(app, contract.decideKyc, ({ params, body }) =>
    kyc.decide(userByUid(params.uid).id, body.decision, body.reason, 'ops'),
  );
}
