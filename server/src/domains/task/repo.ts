import type { Selectable } from 'kysely';
import { param, prepareQuery, sql } from '../../db/builder';
import type { DB } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type TaskRow = Omit<Selectable<DB['tasks']>, 'period'> & { period: 'daily' | 'once' };

/** A half-open range of ISO instants [from, to): one Manila day. */
export interface Range {
  from: string;
  to: string;
}

/**
 * Reads the state tasks and bonuses are measured on: deposits, bets and rollbacks in the journal, sessions,
 * wallet, identity, referrals, and the player's earlier claims.
 */
export function createTaskRepo(db: Db) {
  const tasks = prepareQuery(db, (b) =>
    b
      .selectFrom('tasks')
      .selectAll()
      .where('enabled', '=', sql.lit(1))
      .orderBy('sort_order')
      .orderBy('code')
      .$narrowType<{ period: TaskRow['period'] }>(),
  );
  const task = prepareQuery(db, (b) =>
    b
      .selectFrom('tasks')
      .selectAll()
      .where('code', '=', param<string>('code'))
      .$narrowType<{ period: TaskRow['period'] }>(),
  );
  const setting = prepareQuery(db, (b) =>
    b.selectFrom('bonus_settings').select('value').where('key', '=', param<string>('key')),
  );
  const depositedIn = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .select((e) => e.fn.coalesce(e.fn.sum<number | null>('amount'), sql.lit(0)).as('amount'))
      .where('user_id', '=', param<number>('userId'))
      .where('status', '=', sql.lit(1))
      .where('settled_at', '>=', param<string>('from'))
      .where('settled_at', '<', param<string>('to')),
  );
  // Bets are negative journal rows, rollbacks give a bet back: the net bet is minus their sum.
  const betsIn = prepareQuery(db, (b) =>
    b
      .selectFrom('balance_journal')
      .select((e) => [
        sql<number>`coalesce(-sum(${sql.ref('amount')}), 0)`.as('amount'),
        e.fn
          .coalesce(
            e.fn.sum<number | null>(e.case('type').when(sql.lit('bet')).then(sql.lit(1)).else(sql.lit(-1)).end()),
            sql.lit(0),
          )
          .as('count'),
      ])
      .where('user_id', '=', param<number>('userId'))
      .where('type', 'in', [sql.lit('bet'), sql.lit('rollback')])
      .where('created_at', '>=', param<string>('from'))
      .where('created_at', '<', param<string>('to')),
  );
  const activeIn = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where('user_id', '=', param<number>('userId'))
      .where((e) =>
        e.or([
          e.and([e('last_seen_at', '>=', param<string>('from')), e('last_seen_at', '<', param<string>('to'))]),
          e.and([e('created_at', '>=', param<string>('from')), e('created_at', '<', param<string>('to'))]),
        ]),
      ),
  );
  const profile = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .select((e) => [
        e
          .case()
          .when('u.trade_password_hash', 'is not', null)
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('tradePassword'),
        e
          .case()
          .when(
            e.exists(e.selectFrom('user_wallets as w').select(sql.lit(1).as('one')).whereRef('w.user_id', '=', 'u.id')),
          )
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('walletBound'),
        e
          .case()
          .when(
            e.exists(
              e
                .selectFrom('kyc_submissions as k')
                .select(sql.lit(1).as('one'))
                .whereRef('k.user_id', '=', 'u.id')
                .where('k.status', '=', sql.lit('verified')),
            ),
          )
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('kycVerified'),
        e
          .selectFrom('deposits as d')
          .select(e.fn.countAll<number>().as('n'))
          .whereRef('d.user_id', '=', 'u.id')
          .where('d.status', '=', sql.lit(1))
          .$asScalar()
          .as('depositCount'),
        e
          .selectFrom('users as f')
          .select(e.fn.countAll<number>().as('n'))
          .whereRef('f.superior_id', '=', 'u.id')
          .$asScalar()
          .as('referrals'),
      ])
      .where('u.id', '=', param<number>('userId')),
  );
  const claimsOf = prepareQuery(db, (b) =>
    b
      .selectFrom('reward_claims')
      .select(['reward_key', 'created_at'])
      .where('user_id', '=', param<number>('userId'))
      .where('source', '=', param<string>('source'))
      .orderBy('id'),
  );
  const sessionsSince = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select(['id', 'created_at'])
      .where('user_id', '=', param<number>('userId'))
      .where('created_at', '>=', param<string>('since'))
      .orderBy('id', 'desc'),
  );
  const seenBefore = prepareQuery(db, (b) =>
    b
      .selectFrom('sessions')
      .select((e) => e.fn.max<string | null>('last_seen_at').as('at'))
      .where('user_id', '=', param<number>('userId'))
      .where('id', '<', param<number>('sessionId')),
  );
  const depositedBefore = prepareQuery(db, (b) =>
    b
      .selectFrom('deposits')
      .select((e) => e.fn.max<string | null>('settled_at').as('at'))
      .where('user_id', '=', param<number>('userId'))
      .where('status', '=', sql.lit(1))
      .where('settled_at', '<', param<string>('at')),
  );
  const markSignUpBonus = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({ sign_up_bonus_at: param<string>('now') })
      .where('id', '=', param<number>('userId'))
      .where('sign_up_bonus_at', 'is', null),
  );
  const superiorOf = prepareQuery(db, (b) =>
    b.selectFrom('users').select('superior_id').where('id', '=', param<number>('userId')),
  );

  return {
    tasks: () => tasks.all(),
    /** A task by code, a disabled one too (its old claims still name it). */
    task: (code: string) => task.get({ code }),
    setting: async <T>(key: string): Promise<T> => JSON.parse((await setting.get({ key }))!.value) as T,
    deposited: async (userId: number, r: Range) => (await depositedIn.get({ userId, ...r }))!.amount,
    bets: async (userId: number, r: Range) => (await betsIn.get({ userId, ...r }))!,
    active: async (userId: number, r: Range) => (await activeIn.get({ userId, ...r }))!.count > 0,
    profile: (userId: number) => profile.get({ userId }),
    claims: (userId: number, source: string) => claimsOf.all({ userId, source }),
    sessionsSince: (userId: number, since: string) => sessionsSince.all({ userId, since }),
    /** The player's last sign of life before a session began: a session seen or a deposit credited. */
    async lastActivityBefore(userId: number, sessionId: number, at: string): Promise<string | null> {
      const seen = (await seenBefore.get({ userId, sessionId }))!.at;
      const deposit = (await depositedBefore.get({ userId, at }))!.at;
      if (seen === null) return deposit;
      return deposit !== null && deposit > seen ? deposit : seen;
    },
    markSignUpBonus: (userId: number, now: string) => markSignUpBonus.run({ now, userId }),
    superior: async (userId: number) => (await superiorOf.get({ userId }))?.superior_id ?? null,
  };
}

export type TaskRepo = ReturnType<typeof createTaskRepo>;
