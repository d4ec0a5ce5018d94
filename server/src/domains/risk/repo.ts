import type { RawBuilder, Selectable } from 'kysely';
import type { RiskFlag } from '../../../../shared/contract/ops-risk';
import { oneOf, param, prepareQuery, type Query, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type FlagRow = Omit<Selectable<DB['player_flags']>, 'flag'> & { flag: RiskFlag };
export type LinkKind = 'device' | 'ip' | 'wallet' | 'payee';

/** The most linked rows read per kind of fact (a shared public address could link thousands). */
const LINKS_PER_KIND = 200;

/**
 * Where each fact of a player is stored, as (table, player column, value column). A device id and an
 * address: the sign-up's (users) and every login's (sessions). An e-wallet number and a payee name: the
 * bound wallet (user_wallets, one per player, replaced on a rebind) and every withdrawal's copy of it.
 */
const SOURCES: Record<LinkKind, readonly [table: string, user: string, value: string][]> = {
  device: [
    ['users', 'id', 'register_device'],
    ['sessions', 'user_id', 'device_id'],
  ],
  ip: [
    ['users', 'id', 'register_ip'],
    ['sessions', 'user_id', 'ip'],
  ],
  wallet: [
    ['user_wallets', 'user_id', 'account'],
    ['withdrawals', 'user_id', 'wallet_account'],
  ],
  payee: [
    ['user_wallets', 'user_id', 'name'],
    ['withdrawals', 'user_id', 'wallet_name'],
  ],
};

/**
 * The other accounts sharing a fact of `kind` with the player @id, with the value shared. Written as SQL
 * valid on both engines (UNION, IN, <>): the same shape four times over different tables, which Kysely's
 * typed builder cannot take as values. A payee name is compared without case or outer spaces.
 */
function linkedBy(kind: LinkKind): RawBuilder<{ user_id: number; value: string }> {
  const norm = (column: string) => (kind === 'payee' ? sql`lower(trim(${sql.ref(column)}))` : sql.ref(column));
  const mine = sql.join(
    SOURCES[kind].map(
      ([table, user, value]) =>
        sql`SELECT ${norm(value)} FROM ${sql.table(table)} WHERE ${sql.ref(user)} = ${param<number>('id')} AND ${sql.ref(value)} <> ''`,
    ),
    sql` UNION `,
  );
  const theirs = sql.join(
    SOURCES[kind].map(
      ([table, user, value]) =>
        sql`SELECT ${sql.ref(user)} AS user_id, ${norm(value)} AS value FROM ${sql.table(table)} WHERE ${sql.ref(user)} <> ${param<number>('id')} AND ${norm(value)} IN (${mine})`,
    ),
    sql` UNION `,
  );
  return sql`${theirs} LIMIT ${sql.lit(LINKS_PER_KIND)}`;
}

export function createRiskRepo(db: Db) {
  const { engine } = db;
  const linked = Object.fromEntries(
    (Object.keys(SOURCES) as LinkKind[]).map((kind) => [kind, prepareQuery(db, () => linkedBy(kind))]),
  ) as Record<LinkKind, Query<{ user_id: number; value: string }>>;

  const briefs = prepareQuery(db, (b) =>
    b
      .selectFrom('users')
      .select(['id', 'uid', 'username', 'status', 'guest', 'created_at'])
      .where(oneOf(engine, 'id', 'ids', 'bigint')),
  );
  const flagsInForce = prepareQuery(db, (b) =>
    b
      .selectFrom('player_flags')
      .select(['user_id', 'flag'])
      .where(oneOf(engine, 'user_id', 'ids', 'bigint'))
      .where('cleared_at', 'is', null)
      .orderBy('id')
      .$narrowType<{ flag: RiskFlag }>(),
  );
  const flagsOf = prepareQuery(db, (b) =>
    b
      .selectFrom('player_flags')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .orderBy(sql`cleared_at IS NULL`, 'desc')
      .orderBy('id', 'desc')
      .$narrowType<{ flag: RiskFlag }>(),
  );
  const hasFlag = prepareQuery(db, (b) =>
    b
      .selectFrom('player_flags')
      .select('id')
      .where('user_id', '=', param<number>('userId'))
      .where('flag', '=', param<RiskFlag>('flag'))
      .where('cleared_at', 'is', null),
  );
  // The partial unique index (user_id, flag) WHERE cleared_at IS NULL makes a second flag of a kind in force
  // insert nothing: of two operators setting it at once, one row.
  const insertFlag = prepareQuery(db, (b) =>
    b
      .insertInto('player_flags')
      .values({
        user_id: param<number>('userId'),
        flag: param<RiskFlag>('flag'),
        reason: param<string>('reason'),
        set_by: param<string>('operator'),
        set_at: param<string>('now'),
      })
      .onConflict((c) => c.columns(['user_id', 'flag']).where('cleared_at', 'is', null).doNothing()),
  );
  const clearFlag = prepareQuery(db, (b) =>
    b
      .updateTable('player_flags')
      .set({
        cleared_by: param<string>('operator'),
        cleared_at: param<string>('now'),
        clear_reason: param<string>('reason'),
      })
      .where('user_id', '=', param<number>('userId'))
      .where('flag', '=', param<RiskFlag>('flag'))
      .where('cleared_at', 'is', null),
  );
  const notesOf = prepareQuery(db, (b) =>
    b
      .selectFrom('player_notes')
      .selectAll()
      .where('user_id', '=', param<number>('userId'))
      .orderBy('id', 'desc')
      .limit(sql.lit(200)),
  );
  const insertNote = prepareQuery(db, (b) =>
    b.insertInto('player_notes').values({
      user_id: param<number>('userId'),
      body: param<string>('text'),
      operator: param<string>('operator'),
      created_at: param<string>('now'),
    }),
  );
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('risk_settings').select('value').where('key', '=', param<string>('key')),
  );
  const setSetting = prepareQuery(db, (b) =>
    b
      .insertInto('risk_settings')
      .values({ key: param<string>('key'), value: param<number>('value') })
      .onConflict((c) => c.column('key').doUpdateSet((u) => ({ value: u.ref('excluded.value') }))),
  );

  return {
    linked: (kind: LinkKind, id: number) => linked[kind].all({ id }),
    briefs: (ids: number[]) => briefs.all({ ids }),
    flagsInForce: (ids: number[]) => flagsInForce.all({ ids }),
    flagsOf: (userId: number) => flagsOf.all({ userId }),
    hasFlag: async (userId: number, flag: RiskFlag) => (await hasFlag.get({ userId, flag })) !== undefined,
    /** False when the flag was already in force. */
    insertFlag: async (row: { userId: number; flag: RiskFlag; reason: string; operator: string; now: string }) =>
      (await insertFlag.run(row)).changes > 0,
    /** False when the flag was not in force. */
    clearFlag: async (row: { userId: number; flag: RiskFlag; reason: string; operator: string; now: string }) =>
      (await clearFlag.run(row)).changes > 0,
    notesOf: (userId: number) => notesOf.all({ userId }),
    insertNote: (row: { userId: number; text: string; operator: string; now: string }) => insertNote.run(row),
    setting: async (key: string) => (await setting.get({ key }))?.value,
    setSetting: (key: string, value: number) => setSetting.run({ key, value }),
  };
}

export type RiskRepo = ReturnType<typeof createRiskRepo>;
