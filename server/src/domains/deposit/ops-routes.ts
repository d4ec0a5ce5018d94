import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-money';
import { toCentavos, toPesos } from '../../../../shared/money';
import { manilaDayRange } from '../../../../shared/time';
import { AppError } from '../../errors';
import { route } from '../../route';
import type { DepositRow, DepositService } from './service';

/** Deposits and payment channels under /ops (shared/contract/ops-money.ts). */
export function depositOpsRoutes(app: FastifyInstance, deposits: DepositService) {
  const { users } = app.services;

  const depositView = (d: DepositRow) => {
    const owner = users.byId(d.user_id);
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
    const { rows, total } = deposits.records(users.idFilter(query.uid), {
      status: query.status,
      orderNo: query.orderNo,
      ...manilaDayRange(query.from, query.to),
      page: query.page,
      size: query.size,
    });
    return { list: rows.map(depositView), page: query.page, size: query.size, total };
  });

  route(app, contract.settleDeposit, ({ params, body }) => {
    const order = deposits.order(params.orderNo);
    if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
    // Exactly what the gateway sends: signed, through the webhook's idempotent path.
    deposits.callback(deposits.signedCallback(order, body.status));
    return depositView(deposits.order(params.orderNo) as DepositRow);
  });

  route(app, contract.listChannels, () => deposits.methods());

  route(app, contract.setChannel, ({ params, body }) => {
    deposits.setChannel(params.code, {
      enabled: body.enabled,
      min: body.min === undefined ? undefined : toCentavos(body.min),
      max: body.max === undefined ? undefined : toCentavos(body.max),
    });
    return deposits.methods();
  });
}
