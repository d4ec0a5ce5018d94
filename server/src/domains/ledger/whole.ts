import { param, prepareQuery, type Query, sql, total } from '../../db/builder';
import type { Db } from '../../db/database';

/** Answers `make`'s value, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

/**
 * The checks' queries of one database, each compiled on its first use (a query of a schema the database
 * does not have is never prepared: SQLite would refuse it) and then kept: never built per check.
 */
function compileChecks(db: Db) {
  return {
    applied: once(() =>
      prepareQuery(db, (b) =>
        b
          .selectFrom('schema_migrations')
          .select(sql<number>`1`.as('one'))
          .where('version', '=', param<number>('version')),
      ),
    ),
    players: once(() =>
      prepareQuery(db, (b) =>
        b
          .selectFrom('accounts as a')
          .leftJoin('balance_journal as j', 'j.user_id', 'a.user_id')
          .select([
            'a.user_id',
            'a.balance',
            'a.frozen',
            'a.point',
            total(sql.ref('j.amount')).as('amount_sum'),
            total(sql.ref('j.frozen_delta')).as('frozen_sum'),
            total(sql.ref('j.point_delta')).as('point_sum'),
          ])
          .groupBy('a.user_id')
          .having((e) =>
            e.or([
              e('a.balance', '!=', total(sql.ref('j.amount'))),
              e('a.frozen', '!=', total(sql.ref('j.frozen_delta'))),
              e('a.point', '!=', total(sql.ref('j.point_delta'))),
              e('a.balance', '<', sql.lit(0)),
              e('a.frozen', '<', sql.lit(0)),
              e('a.point', '<', sql.lit(0)),
            ]),
          ),
      ),
    ),
    counterparties: once(() =>
      prepareQuery(db, (b) =>
        b.selectFrom('ledger_accounts as l').select((e) => [
          'l.code',
          e
            .selectFrom('ledger_account_slots as s')
            .select(total(sql.ref('s.balance')).as('sum'))
            .whereRef('s.code', '=', 'l.code')
            .$asScalar()
            .as('balance'),
          e
            .selectFrom('ledger_account_slots as s')
            .select(total(sql.ref('s.point')).as('sum'))
            .whereRef('s.code', '=', 'l.code')
            .$asScalar()
            .as('point'),
          sql<number>`-${e
            .selectFrom('balance_journal as j')
            .select(total(sql`${sql.ref('j.amount')} + ${sql.ref('j.frozen_delta')}`).as('sum'))
            .whereRef('j.counterparty', '=', 'l.code')}`.as('expected_balance'),
          sql<number>`-${e
            .selectFrom('balance_journal as j')
            .select(total(sql.ref('j.point_delta')).as('sum'))
            .whereRef('j.counterparty', '=', 'l.code')}`.as('expected_point'),
        ]),
      ),
    ),
    // Before migration 0052 the counterparties' balances were ledger_accounts' own columns, which the
    // generated table types no longer have: written as text (no parameters, the same on both engines).
    counterpartiesBefore52: once(() =>
      prepareQuery(
        db,
        () => sql<{ code: string; balance: number; point: number; expected_balance: number; expected_point: number }>`
          SELECT l.code, l.balance, l.point,
            -(SELECT COALESCE(SUM(j.amount + j.frozen_delta), 0) FROM balance_journal j WHERE j.counterparty = l.code)
              AS expected_balance,
            -(SELECT COALESCE(SUM(j.point_delta), 0) FROM balance_journal j WHERE j.counterparty = l.code)
              AS expected_point
          FROM ledger_accounts l`,
      ),
    ),
    orphans: once(() =>
      prepareQuery(db, (b) =>
        b
          .selectFrom('balance_journal')
          .select((e) => ['counterparty', e.fn.countAll<number>().as('n')])
          .where('counterparty', 'not in', (e) => e.selectFrom('ledger_accounts').select('code'))
          .groupBy('counterparty'),
      ),
    ),
    wageringCounts: once(() =>
      prepareQuery(db, (b) =>
        b
          .selectFrom((e) =>
            e
              .selectFrom((u) =>
                u
                  .selectFrom('account_counters')
                  .select('user_id')
                  .union(u.selectFrom('wagering_requirements').select('user_id'))
                  .as('u'),
              )
              .leftJoin('account_counters as c', 'c.user_id', 'u.user_id')
              .select((s) => [
                'u.user_id',
                sql<number>`coalesce(${sql.ref('c.wagering_open')}, 0)`.as('counted'),
                s
                  .selectFrom('wagering_requirements as w')
                  .select((w) => w.fn.countAll<number>().as('n'))
                  .whereRef('w.user_id', '=', 'u.user_id')
                  .where('w.state', '=', sql.lit('open'))
                  .$asScalar()
                  .as('open_count'),
              ])
              .as('tally'),
          )
          .selectAll()
          .whereRef('counted', '!=', 'open_count'),
      ),
    ),
    totals: once(() =>
      prepareQuery(db, (b) =>
        b.selectNoFrom((e) => [
          sql<number>`${e.selectFrom('accounts').select(total(sql`${sql.ref('balance')} + ${sql.ref('frozen')}`).as('sum'))}
            + ${e.selectFrom('ledger_account_slots').select(total(sql.ref('balance')).as('sum'))}`.as('money'),
          sql<number>`${e.selectFrom('accounts').select(total(sql.ref('point')).as('sum'))}
            + ${e.selectFrom('ledger_account_slots').select(total(sql.ref('point')).as('sum'))}`.as('points'),
        ]),
      ),
    ),
    // Before migration 0052 the counterparties' balances were ledger_accounts' own columns, which the
    // generated table types no longer have: written as text (no parameters, the same on both engines).
    totalsBefore52: once(() =>
      prepareQuery(
        db,
        () => sql<{ money: number; points: number }>`
          SELECT (SELECT COALESCE(SUM(balance + frozen), 0) FROM accounts)
                + (SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts) AS money,
                 (SELECT COALESCE(SUM(point), 0) FROM accounts)
                + (SELECT COALESCE(SUM(point), 0) FROM ledger_accounts) AS points`,
      ),
    ),
  };
}

const compiled = new WeakMap<Db, ReturnType<typeof compileChecks>>();

/** The checks' queries of `db`, compiled once per database. */
function checksOf(db: Db) {
  let checks = compiled.get(db);
  if (!checks) {
    checks = compileChecks(db);
    compiled.set(db, checks);
  }
  return checks;
}

/**
 * The ledger's invariants (docs/money.md, "The ledger's invariants"), checked from the tables alone:
 * a list of what breaks them, empty when the ledger is whole. Used by the tests, the crash test
 * (scripts/crash.ts, on the file after each SIGKILL) and the operator's `GET /ops/ledger/check`.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const checks = checksOf(db);
  const problems: string[] = [];
  const slotted = await applied(db, 52);
  // I1: every player's buckets are the sums of the player's journal (and never below 0: the CHECKs).
  const players = await checks.players().all();
  for (const row of players) problems.push(`player account does not sum to its journal: ${JSON.stringify(row)}`);
  // I2: every counterparty's balance is the negation of what its transfers gave the players' side.
  const counterparties = await (slotted ? checks.counterparties() : checks.counterpartiesBefore52()).all();
  for (const row of counterparties) {
    if (row.balance !== row.expected_balance || row.point !== row.expected_point)
      problems.push(`counterparty does not sum to its transfers: ${JSON.stringify(row)}`);
  }
  // I3: every transfer names a counterparty that exists.
  const orphans = await checks.orphans().all();
  for (const row of orphans) problems.push(`transfers to an unknown counterparty: ${JSON.stringify(row)}`);
  // I5: each player's count of open wagering requirements (the guard that spares the query) is exact
  // (from migration 0045 on: the migration tests check databases of before it too).
  const wageringCounts = !(await applied(db, 45)) ? [] : await checks.wageringCounts().all();
  for (const row of wageringCounts) problems.push(`open wagering requirements miscounted: ${JSON.stringify(row)}`);
  // I4: zero sum over every account, money and points.
  const totals = await ledgerTotals(db);
  if (totals.money !== 0 || totals.points !== 0)
    problems.push(`the accounts do not sum to zero: ${JSON.stringify(totals)}`);
  return problems;
}

/** The sum over every account (players' buckets and counterparties): zero when whole. */
export async function ledgerTotals(db: Db): Promise<{ money: number; points: number }> {
  const checks = checksOf(db);
  const query: Query<{ money: number; points: number }> = (await applied(db, 52))
    ? checks.totals()
    : checks.totalsBefore52();
  return (await query.get())!;
}

/** Throws, listing every problem, unless the ledger is whole. */
export async function assertLedgerWhole(db: Db): Promise<void> {
  const problems = await ledgerProblems(db);
  if (problems.length > 0) throw new Error(`The ledger is not whole:\n${problems.join('\n')}`);
}

/** Whether migration `version` was applied to this database. */
async function applied(db: Db, version: number): Promise<boolean> {
  return (await checksOf(db).applied().get({ version })) !== undefined;
}
