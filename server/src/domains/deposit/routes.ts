import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentCallback } from '../../../../shared/contract/payment';
import * as recharge from '../../../../shared/contract/recharge';
import { manilaDayRange } from '../../../../shared/time';
import { route } from '../../route';
import type { DepositService } from './service';

/** The origin the player's browser used, so the checkout URL works behind the dev proxy and on a LAN. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const BANK_LOGOS: Record<string, string> = { gcash: '/static/payments/gcash.svg', maya: '/static/payments/maya.svg' };

export function depositRoutes(app: FastifyInstance, deposits: DepositService) {
  route(app, recharge.rechargeMethods, () => deposits.methods());

  route(app, recharge.rechargeBanks, async ({ query }) =>
    (await deposits.methods())
      .filter((m) => m.enabled && (!query.channel || m.code === query.channel))
      .map((m) => ({ channel: m.code, code: m.code, name: m.name, logoUrl: BANK_LOGOS[m.code] ?? '' })),
  );

  route(app, recharge.rechargeAmounts, ({ user, query }) => deposits.amounts(user.id, query.channel));
  route(app, recharge.rechargeQuote, ({ user, body }) => deposits.quote(user.id, body));
  // The spec's notice (section 8, "Other texts") as the order's success message: the app shows it as the
  // checkout opens.
  route(app, recharge.rechargeBuild, async ({ user, body, request, succeed }) => {
    const order = await deposits.build(user.id, body, requestOrigin(request));
    succeed('depositBuilt');
    return order;
  });

  route(app, recharge.rechargeResume, ({ user, body, request }) =>
    deposits.resume(user.id, body.orderNo, requestOrigin(request)),
  );
  route(app, recharge.rechargeCancel, ({ user, body }) => deposits.cancel(user.id, body.orderNo));

  route(app, recharge.rechargeRecords, async ({ user, query }) => {
    await deposits.expireOverdue();
    const { rows, total } = await deposits.records(user.id, { ...query, ...manilaDayRange(query.from, query.to) });
    return { list: rows.map(deposits.view), page: query.page, size: query.size, total };
  });

  route(app, recharge.coupons, ({ user, query, request }) => deposits.coupons(user.id, request.lang, query.status));

  route(app, paymentCallback, ({ body }) => deposits.callback(body));
}
