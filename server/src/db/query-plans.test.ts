import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/helpers';
import { openDatabase } from './database';
import type { SyncDb } from './port';

/**
 * The query plans of every statement the server prepares (the repos prepare theirs once, when they are
 * made): none reads a whole table that grows with the players and their play, but for the few listed
 * below with the reason. A constant of a partial index's predicate turned into a bound value, an index
 * dropped, or a new query on a growing table without one fails here (SQLite's EXPLAIN QUERY PLAN).
 */

/** Reference data: bounded by what an operator configures, read whole on purpose. */
const REFERENCE_TABLES = new Set([
  'app_config',
  'banners',
  'banner_texts',
  'faq',
  'faq_texts',
  'notices',
  'notice_texts',
  'documents',
  'game_menu',
  'games',
  'providers',
  'mall_items',
  'payment_channels',
  'coupon_templates',
  'poker_odds',
  'tasks',
  'vip_levels',
  'withdraw_limits',
  'withdraw_settings',
  'ledger_accounts',
  'game_catalog_version',
  'schema_migrations',
  // the staff's accounts: a few dozen rows at most (the last-admin check counts them)
  'operators',
]);

/** Statements that scan a growing table knowingly: what they are and why it is acceptable (or still open). */
const KNOWN_SCANS: { table: string; statement: RegExp; why: string }[] = [
  {
    table: 'users',
    statement: /^insert into "letters" .* inner join "users" as "u"/,
    why: 'a letter to every player: each player is written to',
  },
  {
    table: 'users',
    statement: /^select substr\(coalesce\("terms_accepted_at"/,
    why: 'the dashboard: registrations per hour of a range',
  },
  {
    table: 'poker_feed',
    statement: /order by "f"\."id" desc limit \?$/,
    why: 'the newest rows by rowid, stopped at the limit',
  },
  {
    table: 'sms_messages',
    statement: /order by "id" desc limit \?$/,
    why: "the tester's SMS outbox: newest first, stopped at the limit",
  },
  // Back-office lists whose filters are each optional (`col = ? or ? is null`): a scan, paginated.
  { table: 'users', statement: /"u"\."username" like/, why: 'back office: player search' },
  { table: 'ops_audit', statement: /from "ops_audit" where/, why: 'back office: the audit trail search' },
  {
    table: 'kyc_submissions',
    statement: /from "kyc_submissions" as "k" .*"k"\."status" = \? or \? is null/,
    why: 'back office: KYC queue',
  },
  {
    table: 'chat_conversations',
    statement: /from "chat_conversations" as "c"/,
    why: 'back office: the conversations list',
  },
  { table: 'letter_sends', statement: /from "letter_sends" as "s"/, why: 'back office: sent letters' },
  {
    table: 'redemption_codes',
    statement: /from "redemption_codes" where \(instr\("code"/,
    why: 'back office: code search',
  },
  {
    table: 'deposits',
    statement: /from "deposits" where \(\("user_id" = \? or \? is null\)/,
    why: 'back office: deposits',
  },
  {
    table: 'withdrawals',
    statement: /from "withdrawals" as "w" where \(\("w"\."user_id" = \? or \? is null\)/,
    why: 'back office: withdrawals',
  },
  {
    table: 'withdrawals',
    statement: /^select "w"\.\*, "u"\."uid", "u"\."username", "u"\."vip_level"/,
    why: 'back office: the withdrawal queue',
  },
];

const prepared = new Set<string>();
let sync: SyncDb;
let close: () => Promise<void>;

beforeAll(async () => {
  sync = openDatabase(':memory:');
  const prepare = sync.prepare.bind(sync);
  Object.assign(sync, {
    prepare: (source: string) => {
      prepared.add(source);
      return prepare(source);
    },
  });
  const app = await testApp({ db: sync });
  close = () => app.close();
});
afterAll(() => close?.());

/** A null for each `?` outside string literals (a plan needs values bound, any will do). */
const nulls = (source: string) => Array(source.replace(/'(?:[^']|'')*'/g, '').split('?').length - 1).fill(null);

/** The table each name of the statement stands for (`"withdrawals" as "w"`: w is withdrawals). */
const tablesByName = (source: string) =>
  new Map([...source.matchAll(/"(\w+)" as "(\w+)"/g)].map((m) => [m[2] as string, m[1] as string]));

/** Every full scan of a table the statement names, as `table: statement`. */
function scansOf(source: string): { table: string; source: string }[] {
  const plan = sync.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...nulls(source)) as { detail: string }[];
  const names = tablesByName(source);
  const found: { table: string; source: string }[] = [];
  for (const { detail } of plan) {
    const scan = /^SCAN (\w+)(?! USING)/.exec(detail);
    if (!scan) continue;
    const name = scan[1] as string;
    // A subquery's result (`from (select ...) as "latest"`): its own reads are planned on their own lines.
    if (source.includes(`) as "${name}"`)) continue;
    const table = names.get(name) ?? name;
    // A name the statement does not hold is a foreign key's check of a parent row (run only on a violation)
    // or a subquery's result.
    if (!source.includes(`"${table}"`)) continue;
    found.push({ table, source });
  }
  return found;
}

describe('query plans of the statements the server prepares', () => {
  it('scan no growing table but those known, and each known one still exists', () => {
    const statements = [...prepared].filter((s) => /^\s*(select|insert|update|delete|with)\b/i.test(s));
    expect(statements.length).toBeGreaterThan(300);
    const unexpected: string[] = [];
    const used = new Set<(typeof KNOWN_SCANS)[number]>();
    for (const source of statements) {
      for (const { table } of scansOf(source)) {
        if (REFERENCE_TABLES.has(table)) continue;
        const known = KNOWN_SCANS.find((k) => k.table === table && k.statement.test(source));
        if (known) used.add(known);
        else unexpected.push(`${table}: ${source}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(KNOWN_SCANS.filter((k) => !used.has(k)).map((k) => k.why)).toEqual([]);
  });

  it('sees a scan where a partial index no longer applies (the check itself)', () => {
    const indexed = `select "id" from "user_coupons" where "status" = 'available' and "expires_at" <= ?`;
    expect(scansOf(indexed)).toEqual([]);
    const bound = `select "id" from "user_coupons" where "status" = ? and "expires_at" <= ?`;
    expect(scansOf(bound)).toEqual([{ table: 'user_coupons', source: bound }]);
  });
});
