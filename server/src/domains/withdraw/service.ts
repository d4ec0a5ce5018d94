import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { type createWithdrawal, WITHDRAW_MIN, WITHDRAW_STATUS } from '../../../../shared/contract/withdraw';
import { formatCentavos, toCentavos, toPesos } from '../../../../shared/money';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import type { SessionUser } from '../../types';
import type { KycService, RiskFacts } from '../kyc/service';
import type { AccountRow, LedgerService } from '../ledger/service';
import type { UserService } from '../user/service';
import type { SmsService } from '../user/sms.service';
import type { CaptchaService } from './captcha';
import type { OpsWithdrawalRow, PayoutResult, WithdrawalRow, WithdrawRepo } from './repo';
import type { TradePasswordCheck } from './trade-password';
import { canTransition, LEDGER_ON_ARRIVAL, type WithdrawStatus } from './transitions';
import { maskAccount } from './wallet';

type CreateRequest = z.output<typeof createWithdrawal.body>;

const { PENDING, REVIEWED, SUCCESS, FAILED, REJECTED, EXCEPTION, PROCESSING } = WITHDRAW_STATUS;

const MIN_CENTAVOS = toCentavos(WITHDRAW_MIN);

/** Who moved an order: the player (creation), an operator, autoApprove, or the sandbox payout gateway. */
export type Actor = 'player' | 'ops' | 'auto' | 'sandbox';

const RESULT_STATUS: Record<PayoutResult, WithdrawStatus> = {
  success: SUCCESS,
  failed: FAILED,
  exception: EXCEPTION,
};

const PAYOUT_REASONS: Record<PayoutResult, string> = {
  success: '',
  failed: 'The wallet provider declined the payout',
  exception: 'The wallet provider did not confirm the payout',
};

/**
 * What the sandbox payout gateway answers for a wallet account, so testers can reach every branch
 * without the operator: an account ending in 0000 is declined (Failed), one ending in 9999 gets no clear
 * answer (Exception); every other one is paid (Success).
 */
export function sandboxPayoutResult(account: string): { result: PayoutResult; reason: string } {
  const result: PayoutResult = account.endsWith('0000') ? 'failed' : account.endsWith('9999') ? 'exception' : 'success';
  return { result, reason: PAYOUT_REASONS[result] };
}

/** Replaces the sandbox gateway's answer for one order (tester faults); undefined keeps it. */
export type PayoutInterceptor = (order: WithdrawalRow) => Promise<PayoutResult | undefined>;

export function createWithdrawService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  events: EventBus;
  repo: WithdrawRepo;
  users: Pick<UserService, 'byId'>;
  sms: Pick<SmsService, 'check' | 'claim'>;
  ledger: LedgerService;
  kyc: KycService;
  captcha: CaptchaService;
  tradePassword: TradePasswordCheck;
  assertCanTransact: (userId: number) => Promise<void>;
  /** Refuses a player whose risk flags hold withdrawals (risk/service.ts: fraud). */
  assertNoHold: (userId: number) => Promise<void>;
}) {
  const { db, clock, config, events, repo, ledger, kyc } = deps;
  let interceptPayout: PayoutInterceptor = async () => undefined;

  async function settings() {
    const stored = await repo.settings();
    const operatorSet = 'autoApprove' in stored;
    return {
      autoApprove: operatorSet ? Boolean(stored.autoApprove) : config.mode === 'development',
      autoApproveSource: operatorSet ? ('operator' as const) : ('environment' as const),
      payoutDelaySeconds: Number(stored.payoutDelaySeconds ?? 60),
      feePercent: Number(stored.feePercent ?? 0),
      smsCode: stored.smsCode === undefined ? true : Boolean(stored.smsCode),
    };
  }

  const limitsOf = async (userId: number) =>
    (await repo.limitOfUser(userId)) ?? { vip_level: 0, daily_amount: 0, daily_count: 0 };

  const newOrderNo = () =>
    `W${manilaDay(clock.now()).replaceAll('-', '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

  /**
   * Every rule a withdrawal of `amount` centavos must meet, in the order a player fixes them. Read-only:
   * create() runs it once before the slow password check to fail fast, and open() again inside the
   * transaction that freezes the money, where it is the check that counts.
   */
  async function check(userId: number, amount: number) {
    await deps.assertNoHold(userId);
    await kyc.assertMayWithdraw(userId);
    const wallet = await repo.wallet(userId);
    if (!wallet) throw new AppError(Code.WALLET_NOT_BOUND);
    if (!Number.isSafeInteger(amount) || amount < MIN_CENTAVOS) {
      throw new AppError(Code.WITHDRAW_MIN, { params: { min: formatCentavos(MIN_CENTAVOS) } });
    }
    const account = await ledger.account(userId);
    const owed = ledger.surplus(account);
    if (owed > 0) throw new AppError(Code.TURNOVER_OWED, { params: { amount: formatCentavos(owed) } });
    const limits = await limitsOf(userId);
    const day = manilaDay(clock.now());
    const today = await repo.dayTotals(userId, day);
    if (today.count >= limits.daily_count) {
      throw new AppError(Code.WITHDRAW_COUNT, { params: { count: limits.daily_count } });
    }
    if (today.amount + amount > limits.daily_amount) {
      throw new AppError(Code.WITHDRAW_LIMIT, {
        params: {
          max: formatCentavos(limits.daily_amount),
          remaining: formatCentavos(Math.max(0, limits.daily_amount - today.amount)),
        },
      });
    }
    if (account.balance < amount) throw new AppError(Code.INSUFFICIENT_BALANCE);
    // Bonus money is ring-fenced: the player's own cash may leave, the bonus of an open requirement not.
    const free = await ledger.withdrawable(account);
    if (amount > free) {
      throw new AppError(Code.BONUS_LOCKED, {
        params: { locked: formatCentavos((await ledger.wagering(userId)).locked), available: formatCentavos(free) },
      });
    }
    return { wallet, day };
  }

  type Changed = { userId: number; orderNo: string; from: WithdrawStatus; to: WithdrawStatus };

  /**
   * One transition, inside the caller's transaction: the conditional UPDATE (so of two operators acting on
   * the same order, the second changes nothing and is refused), the ledger move, the history row.
   */
  async function step(
    order: WithdrawalRow,
    to: WithdrawStatus,
    actor: Actor,
    reason: string,
    payout: { payoutRef?: string; payoutResult?: PayoutResult; payoutDueAt?: string } = {},
  ): Promise<Changed> {
    const from = order.status;
    if (!canTransition(from, to)) throw new AppError(Code.TRANSITION_INVALID);
    const now = clock.iso();
    const remark = to === FAILED || to === REJECTED || to === EXCEPTION ? reason : to === SUCCESS ? '' : null;
    if (!(await repo.move({ id: order.id, from, to, remark, now, ...payout })))
      throw new AppError(Code.TRANSITION_INVALID);
    const journal = LEDGER_ON_ARRIVAL[to];
    if (journal === 'withdraw_return') {
      await ledger.post(order.user_id, {
        type: journal,
        amount: order.amount,
        frozen: -order.amount,
        reference: order.order_no,
        remark: reason,
      });
    } else if (journal === 'withdraw_paid') {
      await ledger.post(order.user_id, { type: journal, frozen: -order.amount, reference: order.order_no });
    }
    await repo.insertEvent({ withdrawalId: order.id, from, to, actor, reason, now });
    order.status = to;
    return { userId: order.user_id, orderNo: order.order_no, from, to };
  }

  function announce(changes: Changed[]) {
    for (const c of changes) {
      events.emit('withdraw.changed', c);
      if (LEDGER_ON_ARRIVAL[c.to]) events.emit('balance.moved', { userId: c.userId });
    }
  }

  const mustFind = async (orderNo: string) => {
    const order = await repo.byOrderNo(orderNo);
    if (!order) throw new AppError(Code.ORDER_NOT_FOUND);
    return order;
  };

  /** Runs `work` on the order in one transaction, then tells the others what changed. */
  async function act(orderNo: string, work: (order: WithdrawalRow) => Promise<Changed[]>): Promise<WithdrawalRow> {
    const changes = await db.transaction(async () => work(await mustFind(orderNo)))();
    announce(changes);
    return mustFind(orderNo);
  }

  /** 0 Pending -> 1 Reviewed -> 6 Processing: approved and handed to the sandbox payout gateway at once. */
  async function review(orderNo: string, actor: Actor = 'ops') {
    const delayMs = (await settings()).payoutDelaySeconds * 1000;
    await act(orderNo, async (o) => {
      // A Reviewed order (1) goes straight on to the gateway; anything else but Pending is refused.
      const reviewed = o.status === REVIEWED ? [] : [await step(o, REVIEWED, actor, '')];
      const submitted = await step(o, PROCESSING, actor, 'Sent to the payout gateway', {
        payoutRef: `SBXP${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`,
        payoutResult: (await interceptPayout(o)) ?? sandboxPayoutResult(o.wallet_account).result,
        payoutDueAt: new Date(clock.nowMs() + delayMs).toISOString(),
      });
      return [...reviewed, submitted];
    });
    if (delayMs === 0) await settleDue();
    return mustFind(orderNo);
  }

  /**
   * The sandbox payout gateway reports: every Processing order whose answer is due gets it. Runs when the
   * clock moves, every few seconds, and before withdrawals are listed.
   */
  async function settleDue(): Promise<number> {
    const now = clock.iso();
    const changes = await db.transaction(async () => {
      const done: Changed[] = [];
      for (const order of await repo.due(now)) {
        const result = order.payout_result ?? sandboxPayoutResult(order.wallet_account).result;
        done.push(await step(order, RESULT_STATUS[result], 'sandbox', PAYOUT_REASONS[result]));
      }
      return done;
    })();
    announce(changes);
    return changes.length;
  }

  function view(w: WithdrawalRow) {
    return {
      orderNo: w.order_no,
      amount: toPesos(w.amount),
      fee: toPesos(w.fee),
      bank: w.bank,
      account: maskAccount(w.wallet_account),
      status: w.status,
      remark: w.remark,
      createdAt: w.created_at,
      updatedAt: w.updated_at,
    };
  }

  function opsView(w: OpsWithdrawalRow) {
    return {
      orderNo: w.order_no,
      uid: w.uid,
      username: w.username,
      vip: w.vip_level,
      amount: toPesos(w.amount),
      fee: toPesos(w.fee),
      bank: w.bank,
      walletName: w.wallet_name,
      account: w.wallet_account,
      kycName: w.kyc_name ?? '',
      status: w.status,
      remark: w.remark,
      payoutRef: w.payout_ref,
      payoutDueAt: w.payout_due_at,
      createdAt: w.created_at,
      updatedAt: w.updated_at,
    };
  }

  async function opsDetail(orderNo: string) {
    const row = await repo.opsByOrderNo(orderNo);
    if (!row) throw new AppError(Code.ORDER_NOT_FOUND);
    return {
      ...opsView(row),
      history: (await repo.events(row.id)).map((e) => ({
        from: e.from_status,
        to: e.to_status,
        actor: e.actor,
        reason: e.reason,
        at: e.created_at,
      })),
    };
  }

  /**
   * The writes of a new Pending withdrawal, inside the caller's transaction: the rules, the order, its
   * amount frozen (balance -A, frozen +A, one journal row `withdraw`) and its first history row. The rules
   * are checked inside that transaction, so of concurrent requests exactly as many succeed as the balance
   * and the day's limits allow.
   */
  async function insertOrder(userId: number, amount: number, smsId: number | null = null) {
    const { autoApprove, feePercent } = await settings();
    const { wallet, day } = await check(userId, amount);
    // The SMS code is claimed with the order: of two requests with one code only one order is made, and a
    // refused order leaves its code good for the next try.
    if (smsId !== null) await deps.sms.claim(smsId);
    const fee = Math.ceil((amount * feePercent) / 100);
    const now = clock.iso();
    // A number already taken inserts nothing and another is drawn. It is not looked up first: on
    // PostgreSQL that read locks the index page every concurrent order is written on (SERIALIZABLE).
    let order: WithdrawalRow | undefined;
    while (!order) {
      order = await repo.insert({
        orderNo: newOrderNo(),
        userId,
        amount,
        fee: Math.min(fee, amount),
        bank: wallet.bank,
        walletName: wallet.name,
        walletAccount: wallet.account,
        manilaDay: day,
        now,
      });
    }
    const { order_no: orderNo } = order;
    await ledger.post(userId, {
      type: 'withdraw',
      amount: -amount,
      frozen: amount,
      reference: orderNo,
      remark: wallet.bank,
    });
    await repo.insertEvent({ withdrawalId: order.id, from: null, to: PENDING, actor: 'player', reason: '', now });
    return { order, autoApprove };
  }

  /**
   * What checks the withdrawal's SMS code once the captcha and the password passed: the code texted to the
   * bound phone for 'withdraw' from this session (user/sms.service.ts), answering its id to claim with the
   * order; null when an operator turned the smsCode setting off. No code, or no bound phone, is refused
   * at once, before the captcha is burned.
   */
  async function smsChecker(user: SessionUser, code: string | undefined): Promise<() => Promise<number | null>> {
    if (!(await settings()).smsCode) return async () => null;
    if (code === undefined) throw new AppError(Code.SMS_CODE_INVALID);
    const phone = (await deps.users.byId(user.id))?.phone;
    if (!phone) throw new AppError(Code.PHONE_NOT_BOUND);
    return () => deps.sms.check(phone, 'withdraw', code, user.sessionId);
  }

  /** insertOrder as a savepoint inside the group commit's unit: when it throws, only its writes roll back. */
  const orderUnit = db.transaction(insertOrder);

  /** Once the order is committed: tells the others, and hands it on at once when autoApprove is on. */
  async function opened({ order, autoApprove }: Awaited<ReturnType<typeof insertOrder>>): Promise<WithdrawalRow> {
    events.emit('withdraw.created', { userId: order.user_id, orderNo: order.order_no, amount: order.amount });
    events.emit('balance.moved', { userId: order.user_id });
    if (autoApprove) return review(order.order_no, 'auto');
    return order;
  }

  /** Creates a Pending withdrawal and freezes its amount, in one transaction of its own. */
  async function open(userId: number, amount: number): Promise<WithdrawalRow> {
    return opened(await db.transaction(() => insertOrder(userId, amount))());
  }

  return {
    settings,
    /** One order by its number (undefined when there is none). */
    order: (orderNo: string) => repo.byOrderNo(orderNo),
    view,
    opsView,
    opsDetail,
    open,
    review,
    settleDue,

    /** Lets tester faults decide what the sandbox payout gateway answers (see domains/tooling). */
    interceptPayouts(interceptor: PayoutInterceptor) {
      interceptPayout = interceptor;
    },

    /** GET /api/withdraw/wagering: the open bonus requirements, what they lock, what may be withdrawn. */
    async wagering(userId: number) {
      const account = await ledger.account(userId);
      const { open, locked } = await ledger.wagering(userId);
      return {
        balance: toPesos(account.balance),
        locked: toPesos(locked),
        surplus: toPesos(ledger.surplus(account)),
        withdrawalAmount: toPesos(await ledger.withdrawable(account)),
        list: open.map((r) => ({
          id: r.id,
          source: r.source,
          reference: r.reference,
          bonus: toPesos(r.bonus),
          turnoverRequired: toPesos(r.required),
          turnoverDone: toPesos(r.done),
          state: r.state,
          createdAt: r.created_at,
        })),
      };
    },

    /**
     * userRiskVO of GET /api/balance: what stands between the player and a withdrawal. `facts` are the KYC
     * facts the balance read got in its one statement (ledger `buckets`).
     */
    async risk(account: AccountRow, facts: RiskFacts) {
      const owed = ledger.surplus(account);
      const bonusLocksAll = account.balance > 0 && (await ledger.withdrawable(account)) === 0;
      const { kycStatus, restricted } = kyc.riskFrom(facts);
      return {
        turnoverRequired: toPesos(account.turnover_required),
        turnoverDone: toPesos(account.turnover_done),
        withdrawLocked: owed > 0 || bonusLocksAll || kycStatus !== 'verified' || restricted,
        kycStatus,
        restricted,
      };
    },

    async setSettings(change: { autoApprove?: boolean | null; payoutDelaySeconds?: number; smsCode?: boolean }) {
      await db.transaction(async () => {
        if (change.autoApprove === null) await repo.deleteSetting('autoApprove');
        else if (change.autoApprove !== undefined) await repo.setSetting('autoApprove', change.autoApprove);
        if (change.payoutDelaySeconds !== undefined) {
          await repo.setSetting('payoutDelaySeconds', change.payoutDelaySeconds);
        }
        if (change.smsCode !== undefined) await repo.setSetting('smsCode', change.smsCode);
      })();
      return settings();
    },

    /** Today's limits of the player's VIP level and what is left of them (GET /api/withdraw/limits). */
    async todayLimits(userId: number) {
      const limits = await limitsOf(userId);
      const today = await repo.dayTotals(userId, manilaDay(clock.now()));
      return {
        vipLevel: (await deps.users.byId(userId))?.vip_level ?? 0,
        min: toPesos(MIN_CENTAVOS),
        dailyAmount: toPesos(limits.daily_amount),
        dailyCount: limits.daily_count,
        usedAmount: toPesos(today.amount),
        usedCount: today.count,
        remainingAmount: toPesos(Math.max(0, limits.daily_amount - today.amount)),
        remainingCount: Math.max(0, limits.daily_count - today.count),
      };
    },

    limits: async () =>
      (await repo.limits()).map((l) => ({
        vipLevel: l.vip_level,
        dailyAmount: toPesos(l.daily_amount),
        dailyCount: l.daily_count,
        setByOperator: l.set_by_operator === 1,
      })),

    /**
     * POST /ops/withdraw-limits/:vipLevel: an operator changes a level's daily amount (pesos) and/or count.
     * The row is marked so that the seed no longer rewrites it at start. Unknown level: OPS_NOT_FOUND.
     */
    async setLimit(vipLevel: number, change: { dailyAmount?: number; dailyCount?: number }) {
      const row = (await repo.limits()).find((l) => l.vip_level === vipLevel);
      if (!row) throw new AppError(Code.OPS_NOT_FOUND);
      await repo.setLimit(
        vipLevel,
        change.dailyAmount === undefined ? row.daily_amount : toCentavos(change.dailyAmount),
        change.dailyCount ?? row.daily_count,
      );
    },

    /**
     * POST /api/withdraw/create: the captcha (burned whatever happens next), the transaction password, the
     * SMS code (a wrong one counts a try; the right one is claimed with the order), then open(). Refusals
     * move nothing.
     */
    async create(user: SessionUser, body: CreateRequest) {
      await deps.assertCanTransact(user.id);
      // The captcha is burned, right or wrong, and that is committed before anything else is checked.
      const burn = deps.captcha.burner(user.id, body.captcha.token, body.captcha.answer);
      const amount = toCentavos(body.amount);
      const smsCheck = await smsChecker(user, body.smsCode);
      if (await deps.tradePassword.recalled(user, body.password)) {
        // The session passed argon2 a moment ago: the burn and the order share one unit of the group
        // commit. The order runs in its own savepoint, so a refused order still leaves the captcha burned
        // (and a wrong SMS code's try counted: it is written outside the order's savepoint).
        const outcome = await ledger.batch.run(async () => {
          if (!(await burn())) return { error: new AppError(Code.CAPTCHA_INVALID) };
          try {
            const smsId = await smsCheck();
            return { opened: await orderUnit(user.id, amount, smsId) };
          } catch (error) {
            return { error };
          }
        });
        if ('error' in outcome) throw outcome.error;
        return view(await opened(outcome.opened));
      }
      if (!(await ledger.batch.run(burn))) throw new AppError(Code.CAPTCHA_INVALID);
      // Not remembered (or a different answer): argon2. The rules are checked before it (fail fast); the
      // order's transaction checks them again, where they count.
      await deps.tradePassword.verify(user, body.password, { beforeArgon2: () => check(user.id, amount) });
      const smsId = await smsCheck();
      // Both writes are units of the ledger's group commit (see db/batch.ts).
      return view(await opened(await ledger.batch.run(() => insertOrder(user.id, amount, smsId))));
    },

    async reject(orderNo: string, reason: string, actor: Actor = 'ops') {
      return act(orderNo, async (o) => [await step(o, REJECTED, actor, reason)]);
    },

    /** The operator's payout result for a Processing (6) or Exception (5) order. */
    async payout(orderNo: string, result: PayoutResult, reason: string, actor: Actor = 'ops') {
      return act(orderNo, async (o) => [await step(o, RESULT_STATUS[result], actor, reason)]);
    },

    async records(
      userId: number | null,
      filter: { status?: number; orderNo?: string; from?: string; to?: string; page: number; size: number },
    ) {
      const f = { userId, ...filter, limit: filter.size, offset: (filter.page - 1) * filter.size };
      return { rows: await repo.page(f), total: await repo.count(f) };
    },

    async opsRecords(
      userId: number | null,
      filter: { status?: number; orderNo?: string; from?: string; to?: string; page: number; size: number },
    ) {
      const f = { userId, ...filter, limit: filter.size, offset: (filter.page - 1) * filter.size };
      return { rows: (await repo.opsPage(f)).map(opsView), total: await repo.count(f) };
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
