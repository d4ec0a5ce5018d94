import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toCentavos } from '../../../../../shared/money';
import { settleFollowUps } from '../../../lib/follow-ups';
import type { SessionUser } from '../../../types';
import {
  type documentBodies,
  type identityBody,
  makeWithdrawReady,
  registerBody,
  signedBody,
  submittedIdentity,
  tradePasswordBody,
  WALLET,
  type WorldSteps,
  walletBody,
} from '../../../world/recipes';
import { SCENARIO_UIDS } from '../../user/service';

/**
 * Everything a scenario needs, each step through the services the API itself uses (no SQL). The recipes
 * (who a player is, what each step sends, what "ready to withdraw" takes) are the world-builder's
 * (server/src/world/recipes.ts), the ones the tests and scripts run through the public routes.
 */

export const PASSWORD = 'Secret123';
export { IDENTITY, TRADE_PASSWORD } from '../../../world/recipes';

export interface Persona {
  userId: number;
  uid: number;
  username: string;
  session: SessionUser;
}

export interface PlayerSpec {
  username: string;
  /** 9xxxxxxxxx */
  phone: string;
  /** Default `scenarioUid(phone)`: the same every time the scenario is loaded. */
  uid?: number;
  password?: string;
  /** Registers with this persona's invitation code. */
  invitedBy?: Persona;
}

const DAY_MS = 86_400_000;

/**
 * A scenario player's uid: 1000 followed by the last four digits of its phone (9170000001 is 10000001),
 * in the range real registrations never pick (SCENARIO_UIDS), so scripts can hard-code it.
 */
export const scenarioUid = (phone: string) => SCENARIO_UIDS.from + Number(phone.slice(-4));

export function createKit(app: FastifyInstance) {
  const s = app.services;
  const meta = (username: string) => ({ ip: `scenario:${username}`, deviceId: 'scenario' });
  /** The recipes' steps through the services, as the persona's session; the operator is "scenario". */
  const steps = {
    setTradePassword: (p: Persona, body: ReturnType<typeof tradePasswordBody>) =>
      s.users.setTradePassword(p.session, body.oldPassword, body.newPassword),
    bindWallet: async (p: Persona, body: ReturnType<typeof walletBody>) => {
      await s.wallets.bind(p.session, body as Parameters<typeof s.wallets.bind>[1]);
    },
    uploadDocument: async (p: Persona, body: ReturnType<typeof documentBodies>[number]) => {
      await s.kyc.upload(p.session, body.kind, body.image);
    },
    submitIdentity: async (p: Persona, body: ReturnType<typeof identityBody>) => {
      await s.kyc.submit(p.session, body as Parameters<typeof s.kyc.submit>[1]);
    },
    verifyIdentity: async (p: Persona) => {
      await s.kyc.decide(p.userId, 'verified', '', 'scenario');
    },
  } satisfies WorldSteps<Persona>;

  const kit = {
    app,
    DAY_MS,

    async player(spec: PlayerSpec): Promise<Persona> {
      const inviteCode = spec.invitedBy ? (await s.users.byId(spec.invitedBy.userId))?.invitation_code : undefined;
      const userId = await s.users.register(
        registerBody({
          username: spec.username,
          password: spec.password ?? PASSWORD,
          phone: spec.phone,
          inviteCode,
        }) as Parameters<typeof s.users.register>[0],
        meta(spec.username),
        { uid: spec.uid ?? scenarioUid(spec.phone) },
      );
      const row = await s.users.byId(userId);
      if (!row) throw new Error(`${spec.username} was not registered`);
      return {
        userId,
        uid: row.uid,
        username: row.username,
        session: { id: userId, uid: row.uid, sessionId: 0, guest: false },
      };
    },

    async tradePassword(p: Persona) {
      await steps.setTradePassword(p, tradePasswordBody());
    },

    /** Sets the transaction password and binds an e-wallet (an account ending 0000 is declined at payout, 9999 ends in Exception). */
    async wallet(p: Persona, account: string, bank: 'gcash' | 'maya' = 'gcash') {
      await kit.tradePassword(p);
      await steps.bindWallet(p, walletBody({ ...WALLET, bank, account }));
    },

    async submitKyc(p: Persona) {
      await submittedIdentity(steps, p);
    },

    /** The identity submitted, then verified by the operator at once (no review queue in between). */
    async verify(p: Persona) {
      await kit.submitKyc(p);
      await steps.verifyIdentity(p);
    },

    /** A player ready to withdraw (the world-builder's recipe): transaction password, this e-wallet, verified. */
    readyToWithdraw: (p: Persona, account: string) => makeWithdrawReady(steps, p, { ...WALLET, account }),

    /** A deposit through the checkout: left Pending, or settled by the gateway's signed callback. */
    async deposit(
      p: Persona,
      pesos: number,
      settle: 'SUCCESS' | 'FAILED' | 'pending' = 'SUCCESS',
      channel: 'gcash' | 'maya' = 'gcash',
    ) {
      const order = await s.deposits.build(p.userId, { channel, amount: pesos }, app.config.publicUrl);
      if (settle !== 'pending') {
        const row = await s.deposits.order(order.orderNo);
        if (!row) throw new Error(`deposit ${order.orderNo} vanished`);
        await s.deposits.callback(s.deposits.signedCallback(row, settle));
      }
      return order;
    },

    /**
     * Rounds of the demo slot through the seamless wallet, signed as the provider signs them: `rounds`
     * bets of `bet` pesos, each paying back `payout` of the bet (0.9 = a 10% loss).
     */
    async play(p: Persona, rounds: number, bet: number, payout = 0.9) {
      const gameId = (await s.catalog.enabledGames()).find((g) => g.playable === 1)?.id;
      if (gameId === undefined) throw new Error('no playable game');
      // A game is launched from a casino session and its game session ends with it: the persona logs in
      // for the rounds (a session of its own, ended after them).
      const { sessionId } = await app.sessions.start(p.userId, { ...meta(p.username), userAgent: 'scenario' });
      const launched = await s.play.launch({ id: p.userId, sessionId }, gameId, app.config.publicUrl, 'en-US');
      const launchToken = new URL(launched.playUrl).searchParams.get('token') ?? '';
      const signed = <T extends Record<string, string>>(fields: T) => signedBody(fields, app.config.providerSecret);
      const { sessionToken } = await s.play.authenticate(signed({ launchToken }));
      const cents = toCentavos(bet);
      for (let i = 0; i < rounds; i++) {
        const roundId = `SCN-${randomUUID()}`;
        // Wallet calls are answered once their group commit is done (db/batch.ts).
        await s.play.bet(
          signed({ sessionToken, transactionId: `${roundId}-b`, roundId, amount: (cents / 100).toFixed(2) }),
        );
        const win = Math.floor(cents * payout) / 100;
        await s.play.win(
          signed({ transactionId: `${roundId}-w`, roundId, amount: win.toFixed(2), result: 'scenario round' }),
        );
      }
      await app.sessions.end({ ...p.session, sessionId }, 'scenario rounds played');
      // The rounds' per-turn work (the inviter's turnover rebate, the invite-ranking qualification) is done
      // when this step ends (settling), on the rounds' clock, inside kit.past() too.
    },

    withdraw(p: Persona, pesos: number) {
      return s.withdrawals.open(p.userId, toCentavos(pesos));
    },

    async suspend(p: Persona, reason: string) {
      await s.users.setStatus(p.userId, 'suspended', reason);
      await app.sessions.revokeAllOf(p.userId, 'suspended by operator');
    },

    /**
     * Cards of the poker collection, the way the poker tests set them: through the poker repository, the
     * first one `spreadDays` ago and one a day after it (the draws themselves, their points and the feed
     * are not replayed). A card given twice is held twice.
     */
    async pokerCards(p: Persona, cards: readonly string[], spreadDays = cards.length) {
      const now = app.clock.nowMs();
      await app.db.transaction(async () => {
        for (const [i, card] of cards.entries()) {
          const at = new Date(now - Math.max(spreadDays - i, 1) * DAY_MS).toISOString();
          await s.poker.addCard(p.userId, card, at);
        }
      })();
    },

    /** Runs `build` with the clock `ms` in the past, then brings it back: history with real dates. */
    async past(ms: number, build: () => Promise<void> | void) {
      app.clock.advance(-ms);
      await settleFollowUps();
      try {
        await build();
      } finally {
        app.clock.advance(ms);
        await settleFollowUps();
      }
    },
  };
  return settling(kit);
}

/**
 * The kit with each step ending once the work it started is done (its events' listeners, lib/follow-ups),
 * so the next step sees it, as a player's next request would.
 */
function settling<K extends Record<string, unknown>>(kit: K): K {
  const wrapped: Record<string, unknown> = {};
  for (const [name, step] of Object.entries(kit))
    wrapped[name] =
      typeof step === 'function'
        ? async (...args: unknown[]) => {
            const result = await step(...args);
            await settleFollowUps();
            return result;
          }
        : step;
  return wrapped as K;
}

export type Kit = ReturnType<typeof createKit>;

export interface ScenarioPersona {
  username: string;
  password: string;
  role: string;
}

/** One named, versioned world. `build` starts from a fresh install. */
export interface Scenario {
  name: string;
  version: number;
  title: string;
  description: string;
  personas: ScenarioPersona[];
  tryThis: string[];
  build(kit: Kit): Promise<void>;
}
