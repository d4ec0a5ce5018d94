import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Badge } from '../../../shared/contract/account';
import { afterCommit, detached } from '../db/context';
import { followUp } from '../lib/follow-ups';

/** A player's deposit and turnover totals (centavos), as the ledger's counters hold them. */
export interface Totals {
  deposit: number;
  turnover: number;
}

/** What one money move did to the totals (the VIP level follows them). */
export interface Progress {
  before: Totals;
  after: Totals;
}

/** What one domain tells others (and the socket hub) without importing them. */
export interface AppEvents {
  'session.revoked': { userId: number; sessionId: number; reason: string };
  /** A new account, or a guest account that signed up (then announced a second time, no longer a guest). */
  'user.registered': { userId: number; uid: number };
  /** A deposit was credited (amount in centavos); `first` when it is the player's first. */
  'deposit.succeeded': { userId: number; orderNo: string; amount: number; first: boolean };
  /** The player's balance moved outside a deposit (bets, wins, rollbacks...): push the new balance. */
  'balance.moved': {
    userId: number;
    /**
     * The balance the move committed (centavos), when its emitter knows it: pushed as is, with no read. The
     * client reads the whole balance again on every push, so two moves' pushes that cross end on the truth.
     */
    balance?: number | undefined;
    /**
     * The player's deposit and turnover totals before and after the move (centavos), when the emitter knows
     * them; null when the move changed neither (a win); undefined when the emitter does not know.
     */
    progress?: Progress | null | undefined;
    /**
     * Whether the player has an inviter, when the emitter read it (a bet's launch query): false spares the
     * inviter's turnover sync its read (domains/friend); undefined when the emitter does not know.
     */
    invited?: boolean | undefined;
  };
  /** A deposit reached a final or timed-out status (1 Success, 2 Failed, 3 Timeout). */
  'deposit.settled': { userId: number; orderNo: string; status: number };
  /** A player bound the e-wallet withdrawals go to. */
  'wallet.bound': { userId: number; bank: string };
  /** The operator verified or rejected a player's identity. */
  'kyc.decided': { userId: number; status: 'verified' | 'rejected' };
  /** A withdrawal was created (amount in centavos, now frozen). */
  'withdraw.created': { userId: number; orderNo: string; amount: number };
  /** A withdrawal changed status (see domains/withdraw/transitions.ts). */
  'withdraw.changed': { userId: number; orderNo: string; from: number; to: number };
  /** State behind these badge counters may have changed: compute them again and push the ones that did. */
  'badge.stale': { userId: number; counters: (keyof Badge)[] };
  /**
   * The Manila business day changed (announced by the clock plugin): the virtual clock was moved across
   * midnight (either way) or real time passed it. `from` and `to` are YYYY-MM-DD; daily rewards and limits
   * subscribe here.
   */
  'clock.dayChanged': { from: string; to: string };

  // --- VIP, friends, ranking events ---

  // --- end VIP ---

  // --- poker, codes, mall events ---

  // --- end poker ---

  // --- inbox, tasks, bonuses events ---

  // --- end inbox ---

  // --- tooling events ---
  /**
   * The whole database was replaced in place (a snapshot restored, a scenario loaded): every in-memory
   * cache keyed by player or row must be dropped. Sessions of the old world are gone.
   */
  'db.restored': { source: 'snapshot' | 'scenario'; name: string };

  // --- end tooling ---
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  /**
   * Calls the listeners now, or, when the caller is inside a transaction, once it committed (never if it
   * rolls back: listeners only hear what is stored, and read it committed); always outside any
   * transaction (db/context.ts). A listener that answers a promise is a follow-up of the request running
   * (lib/follow-ups.ts): its answer waits for it.
   */
  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void {
    afterCommit(() =>
      detached(() => {
        for (const listener of this.emitter.listeners(name)) followUp(listener(payload));
      }),
    );
  }

  /** `listener` may answer a promise (its own failures handled): see emit. */
  on<K extends keyof AppEvents>(name: K, listener: (payload: AppEvents[K]) => unknown): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}

export const eventsPlugin = fp(
  async (app) => {
    app.decorate('events', new EventBus());
  },
  { name: 'events' },
);
