import type { Engine } from '../builder';
import { couponExpiry } from './0053_coupon_expiry';
import { sandboxPayments } from './0054_sandbox_payments';
import { roundRaises } from './0055_round_raises';
import { playLimits } from './0056_play_limits';
import { withdrawSms } from './0057_withdraw_sms';
import { operatorAccounts } from './0058_operator_accounts';
import { kycDocuments } from './0059_kyc_documents';
import { riskLinks } from './0060_risk_links';
import { crashRounds } from './0061_crash_rounds';
import { tableDraws } from './0062_table_draws';
import { fishingPond } from './0063_fishing_pond';
import { tableSeats } from './0064_table_seats';
import { sandboxWebhooks } from './0065_sandbox_webhooks';
import { voidBets } from './0066_void_bets';
import { providerSessions } from './0067_provider_sessions';
import { sandboxWebhookLookups } from './0068_sandbox_webhook_lookups';
import { baseline } from './baseline';

/**
 * A schema migration, written once for both engines (docs/architecture.md, "Adding a table and a query"):
 * `up` answers the statements for an engine, with Kysely's schema builder (db/schema/dialect.ts) or SQL valid
 * on both; where an engine needs its own text, both are side by side (dialect's `perEngine`) with a comment.
 */
export interface SchemaMigration {
  /** The number in its name; later migrations take the next number after the last one (0053, ...). */
  version: number;
  /** `NNNN_what`, as schema_migrations records it. */
  name: string;
  /**
   * What it records in schema_migrations instead of itself: the baseline stands for the SQLite migrations
   * it replaces. Absent: its own version and name.
   */
  standsFor?: readonly { version: number; name: string }[];
  up(engine: Engine): string[];
}

/** Every migration of both engines, in order: the baseline, then the ones written after it. */
export const MIGRATIONS: readonly SchemaMigration[] = [
  baseline,
  couponExpiry,
  sandboxPayments,
  roundRaises,
  playLimits,
  withdrawSms,
  operatorAccounts,
  kycDocuments,
  riskLinks,
  crashRounds,
  tableDraws,
  fishingPond,
  tableSeats,
  sandboxWebhooks,
  voidBets,
  providerSessions,
  sandboxWebhookLookups,
];

export { baseline };
