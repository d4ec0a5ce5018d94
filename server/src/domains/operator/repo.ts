import type { Role } from '../../../../shared/roles';
import { param, prepareQuery } from '../../db/builder';
import type { Db } from '../../db/database';

const COLUMNS = [
  'id',
  'name',
  'password_hash',
  'totp_secret',
  'totp_enrolled',
  'totp_last_step',
  'role',
  'disabled',
  'auth_version',
  'created_at',
  'last_login_at',
] as const;

/** Operator accounts (migration 0058). */
export function createOperatorRepo(db: Db) {
  const insert = prepareQuery(db, (b) =>
    b
      .insertInto('operators')
      .values({
        name: param<string>('name'),
        password_hash: param<string>('passwordHash'),
        totp_secret: param<string>('totpSecret'),
        totp_enrolled: param<number>('enrolled'),
        role: param<Role>('role'),
        created_at: param<string>('now'),
      })
      .onConflict((c) => c.doNothing()) // the name, in any case (operators_name_nocase)
      .returning('id'),
  );
  const byName = prepareQuery(db, (b) =>
    b
      .selectFrom('operators')
      .select(COLUMNS)
      .where((e) => e(e.fn('lower', ['name']), '=', e.fn('lower', [param<string>('name')]))),
  );
  const byId = prepareQuery(db, (b) => b.selectFrom('operators').select(COLUMNS).where('id', '=', param<number>('id')));
  const all = prepareQuery(db, (b) => b.selectFrom('operators').select(COLUMNS).orderBy('name'));
  // The step only moves forward: a code whose step was used already (a replay, a racing second sign-in)
  // changes nothing and is refused.
  const claimStep = prepareQuery(db, (b) =>
    b
      .updateTable('operators')
      .set({ totp_last_step: param<number>('step'), totp_enrolled: 1, last_login_at: param<string>('now') })
      .where('id', '=', param<number>('id'))
      .where('totp_last_step', '<', param<number>('step')),
  );
  const setRoleDisabled = prepareQuery(db, (b) =>
    b
      .updateTable('operators')
      .set({ role: param<Role>('role'), disabled: param<number>('disabled') })
      .where('id', '=', param<number>('id')),
  );
  const setPassword = prepareQuery(db, (b) =>
    b
      .updateTable('operators')
      .set((e) => ({ password_hash: param<string>('passwordHash'), auth_version: e('auth_version', '+', 1) }))
      .where('id', '=', param<number>('id')),
  );
  const setTotp = prepareQuery(db, (b) =>
    b
      .updateTable('operators')
      .set((e) => ({ totp_secret: param<string>('secret'), totp_enrolled: 0, auth_version: e('auth_version', '+', 1) }))
      .where('id', '=', param<number>('id')),
  );
  const activeAdmins = prepareQuery(db, (b) =>
    b
      .selectFrom('operators')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0),
  );
  const disableNamed = prepareQuery(db, (b) =>
    b
      .updateTable('operators')
      .set({ disabled: 1 })
      .where('name', '=', param<string>('name'))
      .where('password_hash', '=', param<string>('passwordHash')),
  );

  return {
    /** The new operator's id, or null when the name is taken. */
    insert: async (row: {
      name: string;
      passwordHash: string;
      totpSecret: string;
      enrolled: number;
      role: Role;
      now: string;
    }) => (await insert.get(row))?.id ?? null,
    byName: (name: string) => byName.get({ name }),
    byId: (id: number) => byId.get({ id }),
    all: () => all.all({}),
    claimStep: async (id: number, step: number, now: string) => (await claimStep.run({ id, step, now })).changes > 0,
    setRoleDisabled: (id: number, role: Role, disabled: number) => setRoleDisabled.run({ id, role, disabled }),
    setPassword: (id: number, passwordHash: string) => setPassword.run({ id, passwordHash }),
    setTotp: (id: number, secret: string) => setTotp.run({ id, secret }),
    activeAdmins: async () => Number((await activeAdmins.get({}))?.n ?? 0),
    /** Disables a seeded dev account still on its documented password (TESTER_TOOLS=off). */
    disableNamed: (name: string, passwordHash: string) => disableNamed.run({ name, passwordHash }),
  };
}

export type OperatorRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createOperatorRepo>['byId']>>>;
