/** The engine's and the shared round's shapes as the crash page reads them (type-only: no server code here). */
import type { CrashRoom } from '../../crash-room';
import type { CrashConfig } from '../../games/crash';

export type { CrashConfig };

/** A refusal from /crash or /crash/cashout. */
export interface CrashFailure {
  ok: false;
  code?: number;
  message?: string;
  /** The crash point (hundredths) of a cash-out that came too late. */
  point?: number;
}

/** GET /crash: the round on the server clock, everyone's bets, mine, the last points. */
export type CrashStatus = Extract<Awaited<ReturnType<CrashRoom['status']>>, { ok: true }>;
export type CrashBet = CrashStatus['bets'][number];
export type MyCrashBet = NonNullable<CrashStatus['me']>;
/** POST /crash/cashout when it paid. */
export type CrashCashOut = Extract<Awaited<ReturnType<CrashRoom['cashOut']>>, { ok: true }>;
/** /play's outcome for a bet on the shared round. */
export interface CrashBetOutcome {
  round: number;
  target: number | null;
}
