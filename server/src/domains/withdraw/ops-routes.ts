import type { FastifyInstance } from 'fastify';
import { Code } from '../../../../shared/codes';
import * as contract from '../../../../shared/contract/ops-money';
import { manilaDayRange } from '../../../../shared/time';
import { AppError } from '../../errors';
import { lastFour, seesContact } from '../../lib/contact';
import { route } from '../../route';
import type { CaptchaService } from './captcha';
import type { WithdrawService } from './service';

/** Withdrawals, their settings and captcha answers under /ops (shared/contract/ops-money.ts). */
export function withdrawOpsRoutes(app: FastifyInstance, withdrawals: WithdrawService, captcha: CaptchaService) {
  const { users } = app.services;

  /** The wallet number in full for players.contact (cashiers pay it out); a tester reads its last 4. */
  const contact = <T extends { account: string }>(request: Parameters<typeof seesContact>[0], w: T): T =>
    seesContact(request) ? w : { ...w, account: lastFour(w.account) };

  route(app, contract.listWithdrawals, async ({ query, request }) => {
    await withdrawals.settleDue();
    const { rows, total } = await withdrawals.opsRecords(await users.idFilter(query.uid), {
      status: query.status,
      orderNo: query.orderNo,
      ...manilaDayRange(query.from, query.to),
      page: query.page,
      size: query.size,
    });
    return { list: rows.map((w) => contact(request, w)), page: query.page, size: query.size, total };
  });

  route(app, contract.getWithdrawal, async ({ params, request }) => {
    await withdrawals.settleDue();
    return contact(request, await withdrawals.opsDetail(params.orderNo));
  });

  route(app, contract.reviewWithdrawal, async ({ params }) => {
    await withdrawals.review(params.orderNo, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  route(app, contract.rejectWithdrawal, async ({ params, body }) => {
    await withdrawals.reject(params.orderNo, body.reason, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  route(app, contract.payoutWithdrawal, async ({ params, body }) => {
    await withdrawals.payout(params.orderNo, body.result, body.reason, 'ops');
    return withdrawals.opsDetail(params.orderNo);
  });

  const settingsView = async () => ({ ...(await withdrawals.settings()), limits: await withdrawals.limits() });

  route(app, contract.getWithdrawSettings, settingsView);

  route(app, contract.setWithdrawSettings, async ({ body }) => {
    await withdrawals.setSettings(body);
    return settingsView();
  });

  route(app, contract.setWithdrawLimit, async ({ params, body }) => {
    await withdrawals.setLimit(params.vipLevel, body);
    return settingsView();
  });

  route(app, contract.captchaAnswer, async ({ params }) => {
    const found = await captcha.peek(params.token);
    const owner = found && (await users.byId(found.userId));
    if (!found || !owner) throw new AppError(Code.OPS_NOT_FOUND);
    return { answer: found.answer, uid: owner.uid, expiresAt: found.expiresAt, used: found.used };
  });
}
