import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { paymentCallback as callbackContract, depositRequest } from '../../../../shared/contract';
import type { Language } from '../../../../shared/messages';
import { formatCentavos, toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { signFields, verifyFields } from '../../lib/signature';
import type { EventBus } from '../../plugins/events';
import type { LedgerService } from '../ledger/service';
import type { PaymentGatewayClient } from './gateway';
import { type CouponRow, createDepositRepo, type DepositRow } from './repo';

type DepositRequest = z.output<typeof depositRequest>;
type CallbackBody = z.output<typeof callbackContract.body>;

export const DEPOSIT = { PENDING: 0, SUCCESS: 1, FAILED: 2, TIMEOUT: 3 } as const;

export function createDepositService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  ledger: LedgerService;
  events: EventBus;
  assertCanTransact: (userId: number) => Promise<void>;
  /** Responsible gaming: refuses while a break runs or over a deposit limit (domains/responsible). */
  assertMayDeposit: (userId: number, amount: number) => Promise<void>;
  /** The payment gateway's API (gateway.ts): it creates the payment and answers the checkout URL. */
  gateway: Pick<PaymentGatewayClient, 'open' | 'cancel' | 'abandonedWebhooks' | 'resendWebhook'>;
  /** The reference of the payer the gateway is given: the player's uid. */
  playerRef: (userId: number) => Promise<string>;
  log: { error: (details: object, message: string) => void };
}) {
  const { db, clock, config, ledger, events } = deps;
  const repo = createDepositRepo(db);

  const settings = async () => ({
    firstDepositMin: toCentavos(await repo.setting('firstDepositMin', 500)),
    presets: (await repo.setting<number[]>('presets', [])).map((p) => toCentavos(p)),
    timeoutMs: (await repo.setting('depositTimeoutMinutes', 30)) * 60_000,
    depositTurnoverMultiple: await repo.setting('depositTurnoverMultiple', 0),
    merchantName: await repo.setting('merchantName', 'Casino PH'),
    welcomeCoupons: await repo.setting<string[]>('welcomeCoupons', []),
  });

  const newOrderNo = async () => {
    for (;;) {
      const no = `D${manilaDay(clock.now()).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (!(await repo.byOrderNo(no))) return no;
    }
  };

  const couponUsable = (c: CouponRow, now: string) => c.status === 'available' && c.expires_at > now;

  function couponView(c: CouponRow, lang: Language) {
    const expired = c.status === 'available' && c.expires_at <= clock.iso();
    return {
      id: c.id,
      name: lang === 'vi-VN' ? c.name_vi : c.name_en,
      bonusPercent: c.bonus_percent,
      maxBonus: toPesos(c.max_bonus),
      minDeposit: toPesos(c.min_deposit),
      turnoverMultiple: c.turnover_multiple,
      expiresAt: c.expires_at,
      status: expired ? ('expired' as const) : c.status,
    };
  }

  /** Checks a deposit request against the channel, the first-deposit rule and the coupon; amounts in centavos. */
  async function quote(userId: number, req: DepositRequest) {
    await deps.assertCanTransact(userId);
    const channel = await repo.channel(req.channel);
    if (!channel?.enabled) throw new AppError(Code.CHANNEL_DISABLED);
    const amount = toCentavos(req.amount);
    if (amount < channel.min_amount || amount > channel.max_amount) {
      throw new AppError(Code.AMOUNT_OUT_OF_RANGE, {
        params: { min: formatCentavos(channel.min_amount), max: formatCentavos(channel.max_amount) },
      });
    }
    const s = await settings();
    if ((await ledger.account(userId)).deposit_count === 0 && amount < s.firstDepositMin) {
      throw new AppError(Code.FIRST_DEPOSIT_MIN, { params: { min: formatCentavos(s.firstDepositMin) } });
    }
    await deps.assertMayDeposit(userId, amount);
    let bonus = 0;
    let bonusTurnover = 0;
    let coupon: CouponRow | undefined;
    if (req.couponId !== undefined) {
      coupon = await repo.coupon(req.couponId, userId);
      if (!coupon || !couponUsable(coupon, clock.iso()) || amount < coupon.min_deposit) {
        throw new AppError(Code.COUPON_INVALID);
      }
      bonus = Math.min(Math.floor((amount * coupon.bonus_percent) / 100), coupon.max_bonus);
      bonusTurnover = bonus * coupon.turnover_multiple;
    }
    const fee = Math.ceil((amount * channel.fee_percent) / 100);
    const turnoverRequired = amount * s.depositTurnoverMultiple + bonusTurnover;
    return { channel, amount, bonus, fee, turnoverRequired, bonusTurnover, coupon, settings: s };
  }

  /** A Pending order given up (Failed) and its coupon free again; false when it was no longer Pending. */
  async function cancelOrder(order: DepositRow, now: string): Promise<boolean> {
    if (!(await repo.cancel(order.id, now))) return false;
    if (order.coupon_id !== null) await repo.releaseCoupon(order.coupon_id, now);
    return true;
  }

  const quoteView = (q: Awaited<ReturnType<typeof quote>>) => ({
    amount: toPesos(q.amount),
    bonus: toPesos(q.bonus),
    turnoverRequired: toPesos(q.turnoverRequired),
    bonusTurnover: toPesos(q.bonusTurnover),
    fee: toPesos(q.fee),
    total: toPesos(q.amount + q.fee),
  });

  /**
   * The order's payment at the gateway, created once (the gateway is idempotent on the order number):
   * its checkout URL, under the origin the player uses.
   */
  async function checkoutUrl(order: DepositRow, origin: string) {
    return deps.gateway.open({
      orderNo: order.order_no,
      amount: order.amount + order.fee,
      brand: order.channel,
      merchantName: (await settings()).merchantName,
      expiresAt: order.expires_at,
      playerRef: await deps.playerRef(order.user_id),
      origin,
    });
  }

  /**
   * Tells the gateway an order is given up, so its checkout pays it no more: its status there after it, or
   * undefined when the gateway could not answer (logged).
   */
  async function closeAtGateway(orderNo: string): Promise<string | undefined> {
    try {
      return await deps.gateway.cancel(orderNo);
    } catch (err) {
      deps.log.error({ err, orderNo }, 'deposits: the gateway did not cancel the payment');
      return undefined;
    }
  }

  /** Settled by a callback: a later one moves nothing. A player's cancel (Failed, no gateway answer) is not final. */
  const isFinal = (order: DepositRow) =>
    order.status === DEPOSIT.SUCCESS || (order.status === DEPOSIT.FAILED && order.gateway_ref !== null);

  function view(d: DepositRow) {
    return {
      orderNo: d.order_no,
      channel: d.channel,
      amount: toPesos(d.amount),
      bonus: toPesos(d.bonus),
      status: d.status,
      createdAt: d.created_at,
      paidAt: d.paid_at,
    };
  }

  /** Credits a paid order: the deposit and its bonus, each a journal row, in the caller's transaction. */
  async function credit(d: DepositRow) {
    const first = (await ledger.account(d.user_id)).deposit_count === 0;
    await ledger.post(d.user_id, {
      type: 'deposit',
      amount: d.amount,
      deposit: d.amount,
      // The order's own turnover (depositTurnoverMultiple, fixed when quoted) locks the whole balance; the
      // bonus's turnover is ring-fenced in its own wagering requirement.
      turnoverRequired: d.turnover_required - d.bonus_turnover,
      reference: d.order_no,
      remark: d.channel,
    });
    if (d.bonus > 0) {
      await ledger.post(d.user_id, {
        type: 'deposit_bonus',
        amount: d.bonus,
        reference: d.order_no,
        wagering: { source: 'deposit', bonus: d.bonus, required: d.bonus_turnover },
      });
    }
    return first;
  }

  return {
    settings,

    /** One order by its number (undefined when there is none). */
    order: (orderNo: string) => repo.byOrderNo(orderNo),
    /** Whether a coupon template of this code exists (letters and codes may grant it). */
    couponExists: async (code: string) => (await repo.template(code)) !== undefined,

    /** The operator turns a channel on or off and sets its limits (centavos); VALIDATION when min > max. */
    async setChannel(code: string, change: { enabled?: boolean; min?: number; max?: number }) {
      const channel = await repo.channel(code);
      if (!channel) throw new AppError(Code.OPS_NOT_FOUND);
      const min = change.min ?? channel.min_amount;
      const max = change.max ?? channel.max_amount;
      if (min > max) {
        throw new AppError(Code.VALIDATION, {
          data: [{ field: change.min === undefined ? 'max' : 'min', message: 'Format is incorrect' }],
        });
      }
      await db.transaction(() =>
        repo.setChannel({
          code,
          enabled: change.enabled === undefined ? null : change.enabled ? 1 : 0,
          min: change.min === undefined ? null : min,
          max: change.max === undefined ? null : max,
        }),
      )();
    },
    view,

    methods: async () =>
      (await repo.channels()).map((c) => ({
        code: c.code,
        name: c.name,
        enabled: c.enabled === 1,
        min: toPesos(c.min_amount),
        max: toPesos(c.max_amount),
      })),

    async amounts(userId: number, channelCode?: string) {
      const s = await settings();
      const channel = channelCode ? await repo.channel(channelCode) : undefined;
      const min = channel?.min_amount ?? 0;
      const max = channel?.max_amount ?? Number.MAX_SAFE_INTEGER;
      return {
        presets: s.presets.filter((p) => p >= min && p <= max).map(toPesos),
        firstDepositMin: toPesos(s.firstDepositMin),
        firstDeposit: (await ledger.account(userId)).deposit_count === 0,
      };
    },

    async coupons(userId: number, lang: Language, status?: CouponRow['status']) {
      return (await repo.couponsOf(userId))
        .map((c) => couponView(c, lang))
        .filter((c) => status === undefined || c.status === status);
    },

    async grantCoupon(userId: number, code: string, source: string) {
      const template = await repo.template(code);
      if (!template) throw new Error(`Unknown coupon template ${code}`);
      const now = clock.now();
      return repo.grantCoupon(
        userId,
        code,
        source,
        now.toISOString(),
        new Date(now.getTime() + template.valid_days * 86_400_000).toISOString(),
      );
    },

    quote: async (userId: number, req: DepositRequest) => quoteView(await quote(userId, req)),

    /**
     * What a deposit limit counts (centavos): the player's orders created since `since` that are paid or may
     * still be paid (Success and Pending; a Failed or timed-out one does not count).
     */
    countedSince: (userId: number, since: string) => repo.countedSince(userId, since),

    /**
     * Creates a Pending order (reserving the coupon), then its payment at the gateway, and returns the
     * checkout URL under `origin`. A gateway that refuses leaves no order open: it is cancelled (Failed, the
     * coupon free again) and the request fails.
     */
    async build(userId: number, req: DepositRequest, origin: string) {
      const built = await db.transaction(async () => {
        const q = await quote(userId, req);
        const orderNo = await newOrderNo();
        const now = clock.now();
        await repo.insert({
          orderNo,
          userId,
          channel: q.channel.code,
          amount: q.amount,
          bonus: q.bonus,
          fee: q.fee,
          couponId: q.coupon?.id ?? null,
          turnoverRequired: q.turnoverRequired,
          bonusTurnover: q.bonusTurnover,
          now: now.toISOString(),
          expiresAt: new Date(now.getTime() + q.settings.timeoutMs).toISOString(),
        });
        if (q.coupon && !(await repo.reserveCoupon(q.coupon.id, orderNo, now.toISOString()))) {
          throw new AppError(Code.COUPON_INVALID);
        }
        return (await repo.byOrderNo(orderNo)) as DepositRow;
      })();
      // After the commit: the gateway is another party, its call is no part of the casino's transaction.
      let payUrl: string;
      try {
        payUrl = await checkoutUrl(built, origin);
      } catch (error) {
        await db.transaction(() => cancelOrder(built, clock.iso()))();
        throw error;
      }
      return { orderNo: built.order_no, payUrl, amount: toPesos(built.amount), status: DEPOSIT.PENDING };
    },

    async records(
      userId: number | null,
      filter: { status?: number; from?: string; to?: string; orderNo?: string; page: number; size: number },
    ) {
      const f = { userId, ...filter, limit: filter.size, offset: (filter.page - 1) * filter.size };
      return { rows: await repo.page(f), total: await repo.count(f) };
    },

    /**
     * The gateway webhook. Checks the signature and the amount, then settles once: SUCCESS credits the
     * ledger, FAILED releases the coupon. A replay answers the first answer and moves nothing. A late
     * SUCCESS for a timed-out order still credits: the player did pay.
     */
    async callback(body: CallbackBody) {
      const { signature, ...fields } = body;
      if (!verifyFields(fields, signature, config.paymentSecret)) throw new AppError(Code.SIGNATURE_INVALID);
      const result = await db.transaction(async () => {
        const order = await repo.byOrderNo(body.orderNo);
        if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
        if (toCentavos(body.amount) !== order.amount + order.fee) throw new AppError(Code.CALLBACK_AMOUNT_MISMATCH);
        // A player's cancel (Failed, no gateway answer) is not final for the gateway: the player may have paid.
        if (isFinal(order)) {
          await repo.recordCallback(order.id, '');
          return { order, settledNow: false, first: false };
        }
        const now = clock.iso();
        const success = body.status === 'SUCCESS';
        await repo.settle({
          id: order.id,
          status: success ? DEPOSIT.SUCCESS : DEPOSIT.FAILED,
          paidAt: success ? now : null,
          now,
          gatewayRef: body.gatewayRef,
          payerMobile: body.payerMobile ?? null,
        });
        let first = false;
        if (success) {
          // An order cancelled or timed out freed its coupon, which may have gone to another order since: its
          // late SUCCESS pays the bonus only if it can take the coupon again (one coupon, one bonus).
          let credited = order;
          if (order.coupon_id !== null && order.status !== DEPOSIT.PENDING) {
            if (!(await repo.retakeCoupon(order.coupon_id, order.order_no, now))) {
              await repo.dropBonus(order.id);
              credited = (await repo.byOrderNo(order.order_no)) as DepositRow;
            }
          }
          first = await credit(credited);
        } else if (order.coupon_id !== null) await repo.releaseCoupon(order.coupon_id, now);
        const settled = (await repo.byOrderNo(order.order_no)) as DepositRow;
        await repo.recordCallback(order.id, JSON.stringify({ orderNo: settled.order_no, status: settled.status }));
        return { order: settled, settledNow: true, first };
      })();
      if (result.settledNow && result.order.status === DEPOSIT.SUCCESS) {
        events.emit('deposit.succeeded', {
          userId: result.order.user_id,
          orderNo: result.order.order_no,
          amount: result.order.amount,
          first: result.first,
        });
      }
      if (result.settledNow) {
        events.emit('deposit.settled', {
          userId: result.order.user_id,
          orderNo: result.order.order_no,
          status: result.order.status,
        });
      }
      return { orderNo: result.order.order_no, status: result.order.status };
    },

    /**
     * The gateway's webhooks it gave up on (after its last try) whose order the casino has not settled from a
     * callback since: a player who paid and was never credited. Each with its order; the latest first.
     */
    async abandonedCallbacks() {
      const list = [];
      for (const webhook of await deps.gateway.abandonedWebhooks()) {
        const order = await repo.byOrderNo(webhook.orderNo);
        if (!order || isFinal(order)) continue;
        list.push({ webhook, order });
      }
      return list;
    },

    /**
     * Has the gateway send an abandoned webhook of the order again (an operator's redelivery), through the
     * webhook's own idempotent path: a settled order moves nothing, so pressing twice, or a retry of the
     * gateway meanwhile, credits once. Answers what the gateway did (`resent`, or the delivery's status when it
     * was no longer abandoned) and the order after it; CALLBACK_NOT_ABANDONED when the gateway holds no
     * webhook of the order.
     */
    async redeliverCallback(orderNo: string) {
      const order = await repo.byOrderNo(orderNo);
      if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
      let resent: { result: string; outcome?: string };
      try {
        resent = await deps.gateway.resendWebhook(orderNo);
      } catch (err) {
        deps.log.error({ err, orderNo }, 'deposits: the gateway did not resend the webhook');
        throw new AppError(Code.SERVICE_UNAVAILABLE);
      }
      if (resent.result === 'none') throw new AppError(Code.CALLBACK_NOT_ABANDONED);
      return {
        result: resent.result,
        outcome: resent.outcome ?? null,
        order: (await repo.byOrderNo(orderNo)) as DepositRow,
      };
    },

    /** The player's own Pending order (after the time-out sweep), else ORDER_NOT_FOUND / DEPOSIT_NOT_PENDING. */
    async ownPending(userId: number, orderNo: string) {
      await this.expireOverdue();
      const order = await repo.byOrderNo(orderNo);
      // Another player's order is answered as unknown: its existence is not the player's business.
      if (!order || order.user_id !== userId) throw new AppError(Code.ORDER_NOT_FOUND);
      if (order.status !== DEPOSIT.PENDING) throw new AppError(Code.DEPOSIT_NOT_PENDING);
      return order;
    },

    /** Reopens the checkout of a Pending order: the same order, the same checkout URL. */
    async resume(userId: number, orderNo: string, origin: string) {
      const order = await this.ownPending(userId, orderNo);
      return {
        orderNo,
        payUrl: await checkoutUrl(order, origin),
        amount: toPesos(order.amount),
        status: DEPOSIT.PENDING,
      };
    },

    /**
     * The player gives up a Pending order: it becomes Failed and its coupon is available again at once.
     * Idempotent: cancelling an order the player already cancelled answers the same. A SUCCESS callback
     * arriving later still credits it (the player may have paid meanwhile).
     */
    async cancel(userId: number, orderNo: string) {
      const existing = await repo.byOrderNo(orderNo);
      if (existing?.user_id === userId && existing.status === DEPOSIT.FAILED && existing.gateway_ref === null) {
        return { orderNo, status: DEPOSIT.FAILED };
      }
      const order = await this.ownPending(userId, orderNo);
      // The gateway first: an order cancelled here while its checkout still takes the payment would be paid
      // after the player gave it up. A gateway that cannot answer leaves the order as it is (try again); one
      // whose payer was first keeps it Pending for the webhook that credits it.
      const atGateway = await closeAtGateway(orderNo);
      if (atGateway === undefined) throw new AppError(Code.SERVICE_UNAVAILABLE);
      if (atGateway === 'paid') throw new AppError(Code.DEPOSIT_NOT_PENDING);
      const cancelled = await db.transaction(() => cancelOrder(order, clock.iso()))();
      if (!cancelled) throw new AppError(Code.DEPOSIT_NOT_PENDING);
      events.emit('deposit.settled', { userId, orderNo, status: DEPOSIT.FAILED });
      return { orderNo, status: DEPOSIT.FAILED };
    },

    /**
     * Cancels every Pending order of the player, as `cancel` does one (Failed, coupon freed), inside the
     * caller's transaction: a break from play leaves no checkout open to pay. Returns the orders cancelled,
     * for the caller to announce once committed (`announceCancelled`, which also cancels them at the gateway).
     */
    /**
     * Closes the checkouts of the player's Pending orders at the gateway, before a break cancels the orders
     * (cancelPendingOf): no payment lands between the break's commit and the gateway's cancel. Best effort: a
     * gateway that cannot answer is told again after the commit (announceCancelled), and a payment it took
     * meanwhile is credited when its webhook comes (the player's own money, withdrawable during the break).
     */
    /** Closes one order's checkout at the gateway: its status there after it, undefined when it could not answer. */
    closeCheckout: (orderNo: string) => closeAtGateway(orderNo),

    async closeCheckoutsOf(userId: number): Promise<void> {
      for (const order of await repo.pendingOf(userId)) await closeAtGateway(order.order_no);
    },

    async cancelPendingOf(userId: number): Promise<string[]> {
      const now = clock.iso();
      const cancelled: string[] = [];
      for (const order of await repo.pendingOf(userId)) {
        if (await cancelOrder(order, now)) cancelled.push(order.order_no);
      }
      return cancelled;
    },
    async announceCancelled(userId: number, orderNos: string[]) {
      for (const orderNo of orderNos) {
        await closeAtGateway(orderNo);
        events.emit('deposit.settled', { userId, orderNo, status: DEPOSIT.FAILED });
      }
    },

    /** Marks Pending orders past their time-out as Timeout (3) and frees their coupons. */
    async expireOverdue(): Promise<number> {
      const now = clock.iso();
      // The pushes go out once the time-outs are committed: on PostgreSQL a transaction may run again
      // (a serialization failure), and its function must do nothing that cannot be repeated.
      const expired = await db.transaction(async () => {
        const done: DepositRow[] = [];
        for (const order of await repo.overdue(now)) {
          if (!(await repo.timeOut(order.id, now))) continue;
          if (order.coupon_id !== null) await repo.releaseCoupon(order.coupon_id, now);
          done.push(order);
        }
        await repo.expireCoupons(now);
        return done;
      })();
      for (const order of expired)
        events.emit('deposit.settled', { userId: order.user_id, orderNo: order.order_no, status: DEPOSIT.TIMEOUT });
      return expired.length;
    },

    /**
     * What the gateway signs and sends for an order: the operator's settle and the scenarios act as the
     * gateway with it, and tests (the sandbox builds its own, server/src/sandbox/gateway-client.ts).
     */
    signedCallback(
      order: DepositRow,
      status: 'SUCCESS' | 'FAILED',
      extra: { payerMobile?: string; amount?: number } = {},
    ) {
      const fields = {
        orderNo: order.order_no,
        amount: formatCentavos(extra.amount ?? order.amount + order.fee).replaceAll(',', ''),
        status,
        gatewayRef: `SBX${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
        payerMobile: extra.payerMobile,
        timestamp: clock.iso(),
      };
      return { ...fields, signature: signFields(fields, config.paymentSecret) };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
export type { DepositRow };
