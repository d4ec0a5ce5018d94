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

  const depositView = async (d: DepositRow) => {
    const owner = await users.byId(d.user_id);
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

  route(app, contract.listDeposits, async ({ query }) => {
    await deposits.expireOverdue();
    const { rows, total } = await deposits.records(await users.idFilter(query.uid), {
      status: query.status,
      orderNo: query.orderNo,
      ...manilaDayRange(query.from, query.to),
      page: query.page,
      size: query.size,
    });
    const list = [];
    for (const row of rows) list.push(await depositView(row));
    return { list, page: query.page, size: query.size, total };
  });

  route(app, contract.settleDeposit, async ({ params, body }) => {
    const order = await deposits.order(params.orderNo);
    if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
    // A FAILED settle closes the checkout at the gateway first, so the payer cannot pay an order settled failed;
    // one the payer already paid there is left to the webhook that credits it.
    if (body.status === 'FAILED' && (await deposits.closeCheckout(order.order_no)) === 'paid') {
      throw new AppError(Code.DEPOSIT_NOT_PENDING);
    }
    // Exactly what the gateway sends: signed, through the webhook's idempotent path.
    await deposits.callback(deposits.signedCallback(order, body.status));
    return depositView((await deposits.order(params.orderNo)) as DepositRow);
  });

  route(app, contract.listAbandonedCallbacks, async () => {
    let found: Awaited<ReturnType<DepositService['abandonedCallbacks']>>;
    try {
      found = await deposits.abandonedCallbacks();
    } catch (err) {
      app.log.error({ err }, 'deposits: the gateway did not list its abandoned webhooks');
      throw new AppError(Code.SERVICE_UNAVAILABLE);
    }
    const list = [];
    for (const { webhook, order } of found) {
      const owner = await users.byId(order.user_id);
      list.push({
        orderNo: order.order_no,
        uid: owner?.uid ?? 0,
        username: owner?.username ?? '',
        amount: toPesos(order.amount),
        orderStatus: order.status,
        callbackStatus: webhook.status === 'FAILED' ? ('FAILED' as const) : ('SUCCESS' as const),
        tries: webhook.tries,
        lastAnswer: webhook.lastAnswer,
        abandonedAt: webhook.abandonedAt,
      });
    }
    return { count: list.length, list };
  });

  route(app, contract.redeliverCallback, async ({ params }) => {
    const { result, outcome, order } = await deposits.redeliverCallback(params.orderNo);
    return {
      result: result as 'resent' | 'pending' | 'delivered' | 'refused' | 'abandoned',
      outcome: outcome as 'delivered' | 'refused' | 'retry' | null,
      deposit: await depositView(order),
    };
  });

  route(app, contract.listChannels, () => deposits.methods());

  route(app, contract.setChannel, async ({ params, body }) => {
    await deposits.setChannel(params.code, {
      enabled: body.enabled,
      min: body.min === undefined ? undefined : toCentavos(body.min),
      max: body.max === undefined ? undefined : toCentavos(body.max),
    });
    return deposits.methods();
  });
}
