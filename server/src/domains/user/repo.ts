import type { ExpressionBuilder, Selectable } from 'kysely';
import { type Builder, type ColumnOf, likeCaseless, param, prepareQuery, sql, typedParam } from '../../db/builder';
import type { DB, Users } from '../../db/builder/tables';
import type { Db } from '../../db/database';

export type UserRow = Omit<Selectable<DB['users']>, 'gender' | 'status'> & {
  gender: 'male' | 'female' | 'other';
  status: 'active' | 'suspended';
  has_wallet: number;
};

export interface NewUser {
  uid: number;
  username: string;
  phone: string | null;
  passwordHash: string;
  nickname: string;
  avatar: string;
  invitationCode: string;
  superiorId: number | null;
  registrationCode: string;
  guest: 0 | 1;
  termsAcceptedAt: string | null;
  ip: string;
  deviceId: string;
  now: string;
}

export type ProfileChanges = Partial<{
  nickname: string;
  gender: string;
  avatar: string;
  real_name: string;
  birth_date: string;
  email: string;
  phone: string;
}>;

/** The columns the user info answer needs (the most frequent read: every screen asks for it). */
export type UserInfoRow = Pick<
  UserRow,
  | 'uid'
  | 'username'
  | 'nickname'
  | 'gender'
  | 'phone'
  | 'avatar'
  | 'invitation_code'
  | 'vip_level'
  | 'has_wallet'
  | 'registration_code'
  | 'guest'
> & { no_trade_password: number; signed_up: number };
const PROFILE_COLUMNS = ['nickname', 'gender', 'avatar', 'real_name', 'birth_date', 'email', 'phone'] as const;

/** 1 when the player bound a withdrawal wallet, else 0. */
const hasWallet = (e: ExpressionBuilder<DB & { u: Users }, 'u'>) =>
  e
    .case()
    .when(e.exists(e.selectFrom('user_wallets as w').select(sql.lit(1).as('one')).whereRef('w.user_id', '=', 'u.id')))
    .then(sql.lit(1))
    .else(sql.lit(0))
    .end()
    .as('has_wallet');

const selectUser = (b: Builder) =>
  b
    .selectFrom('users as u')
    .selectAll('u')
    .select(hasWallet)
    .$narrowType<{ gender: UserRow['gender']; status: UserRow['status'] }>();

/** `lower(column) = lower(value)`: usernames and invitation codes are unique whatever their case. */
const caseless = (column: 'u.username' | 'u.invitation_code' | 'username' | 'invitation_code', name: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${param<string>(name)})`;

export function createUserRepo(db: Db) {
  const insert = prepareQuery(db, (b, engine) =>
    b
      .insertInto('users')
      .values({
        uid: param<number>('uid'),
        username: param<string>('username'),
        phone: param<string | null>('phone'),
        password_hash: param<string>('passwordHash'),
        nickname: param<string>('nickname'),
        avatar: param<string>('avatar'),
        invitation_code: param<string>('invitationCode'),
        superior_id: param<number | null>('superiorId'),
        superior_bound_at: sql<
          string | null
        >`case when ${typedParam(engine, 'superiorId', 'bigint')} is null then null else ${param<string>('now')} end`,
        registration_code: param<string>('registrationCode'),
        guest: param<number>('guest'),
        terms_accepted_at: param<string | null>('termsAcceptedAt'),
        register_ip: param<string>('ip'),
        register_device: param<string>('deviceId'),
        created_at: param<string>('now'),
      })
      .returning('id'),
  );
  const byId = prepareQuery(db, (b) => selectUser(b).where('u.id', '=', param<number>('id')));
  const byUid = prepareQuery(db, (b) => selectUser(b).where('u.uid', '=', param<number>('uid')));
  const infoById = prepareQuery(db, (b) =>
    b
      .selectFrom('users as u')
      .select((e) => [
        'u.uid',
        'u.username',
        'u.nickname',
        'u.gender',
        'u.phone',
        'u.avatar',
        'u.invitation_code',
        'u.vip_level',
        'u.registration_code',
        'u.guest',
        e
          .case()
          .when('u.trade_password_hash', 'is', null)
          .then(sql.lit(1))
          .else(sql.lit(0))
          .end()
          .as('no_trade_password'),
        e.case().when('u.sign_up_bonus_at', 'is not', null).then(sql.lit(1)).else(sql.lit(0)).end().as('signed_up'),
        hasWallet(e),
      ])
      .where('u.id', '=', param<number>('id'))
      .$narrowType<{ gender: UserRow['gender'] }>(),
  );
  const byUsername = prepareQuery(db, (b) => selectUser(b).where(caseless('u.username', 'username')));
  const byPhone = prepareQuery(db, (b) => selectUser(b).where('u.phone', '=', param<string>('phone')));
  const byInvitationCode = prepareQuery(db, (b) => selectUser(b).where(caseless('u.invitation_code', 'code')));
  const uidExists = prepareQuery(db, (b) =>
    b.selectFrom('users').select(sql.lit(1).as('one')).where('uid', '=', param<number>('uid')),
  );
  // What every money move checks first (guest, suspended): two columns, not the whole row.
  const standing = prepareQuery(db, (b) =>
    b
      .selectFrom('users')
      .select(['guest', 'status'])
      .where('id', '=', param<number>('id'))
      .$narrowType<{ status: UserRow['status'] }>(),
  );
  const codeExists = prepareQuery(db, (b) =>
    b.selectFrom('users').select(sql.lit(1).as('one')).where(caseless('invitation_code', 'code')),
  );
  const usernameExists = prepareQuery(db, (b) =>
    b.selectFrom('users').select(sql.lit(1).as('one')).where(caseless('username', 'username')),
  );
  const phoneExists = prepareQuery(db, (b) =>
    b.selectFrom('users').select(sql.lit(1).as('one')).where('phone', '=', param<string>('phone')),
  );
  const setPassword = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({ password_hash: param<string>('hash') })
      .where('id', '=', param<number>('id')),
  );
  const setTradePassword = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({ trade_password_hash: param<string>('hash') })
      .where('id', '=', param<number>('id')),
  );
  const setSuperior = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({
        superior_id: param<number>('superiorId'),
        registration_code: param<string>('code'),
        superior_bound_at: param<string>('now'),
      })
      .where('id', '=', param<number>('id'))
      .where('superior_id', 'is', null),
  );
  const superiorOf = prepareQuery(db, (b) =>
    b.selectFrom('users').select('superior_id').where('id', '=', param<number>('id')),
  );
  const signUpGuest = prepareQuery(db, (b, engine) =>
    b
      .updateTable('users')
      .set((e) => ({
        username: param<string>('username'),
        phone: param<string>('phone'),
        password_hash: param<string>('passwordHash'),
        nickname: e
          .case()
          .when('nickname', '=', e.ref('username'))
          .then(param<string>('username'))
          .else(e.ref('nickname'))
          .end(),
        superior_id: param<number | null>('superiorId'),
        registration_code: param<string>('registrationCode'),
        superior_bound_at: sql<
          string | null
        >`case when ${typedParam(engine, 'superiorId', 'bigint')} is null then null else ${param<string>('now')} end`,
        guest: sql.lit(0),
        terms_accepted_at: param<string>('now'),
      }))
      .where('id', '=', param<number>('id'))
      .where('guest', '=', sql.lit(1)),
  );
  const setStatus = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set({ status: param<ColumnOf<'users', 'status'>>('status'), status_reason: param<string>('reason') })
      .where('id', '=', param<number>('id')),
  );
  // One statement for any set of profile columns: a column left out is given null and keeps its value (no
  // profile column is ever set to null), rather than a text built per call.
  const updateProfile = prepareQuery(db, (b) =>
    b
      .updateTable('users')
      .set((e) => Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, e.fn.coalesce(param<string | null>(c), e.ref(c))])))
      .where('id', '=', param<number>('id')),
  );
  const search = prepareQuery(db, (b, engine) =>
    selectUser(b)
      .where((e) =>
        e.or([
          e(param<string>('q'), '=', sql.lit('')),
          e('u.username', likeCaseless(engine), param<string>('like')),
          e('u.phone', '=', param<string>('q')),
          e('u.phone', likeCaseless(engine), param<string | null>('phoneLike')),
          e(e.cast('u.uid', 'text'), '=', param<string>('q')),
        ]),
      )
      .orderBy('u.id', 'desc')
      .limit(param<number>('limit')),
  );

  return {
    insert: async (user: NewUser) => (await insert.get({ ...user }))!.id,
    byId: (id: number) => byId.get({ id }),
    standing: (id: number) => standing.get({ id }),
    infoById: (id: number) => infoById.get({ id }),
    byUid: (uid: number) => byUid.get({ uid }),
    byUsername: (username: string) => byUsername.get({ username }),
    byPhone: (phone: string) => byPhone.get({ phone }),
    byInvitationCode: (code: string) => byInvitationCode.get({ code }),
    uidExists: async (uid: number) => (await uidExists.get({ uid })) !== undefined,
    invitationCodeExists: async (code: string) => (await codeExists.get({ code })) !== undefined,
    usernameExists: async (username: string) => (await usernameExists.get({ username })) !== undefined,
    phoneExists: async (phone: string) => (await phoneExists.get({ phone })) !== undefined,
    setPassword: (id: number, hash: string) => setPassword.run({ hash, id }),
    setTradePassword: (id: number, hash: string) => setTradePassword.run({ hash, id }),
    /** Binds only when no superior is bound yet; false when one already was. */
    setSuperior: async (id: number, superiorId: number, code: string, now: string) =>
      (await setSuperior.run({ superiorId, code, now, id })).changes > 0,
    superiorOf: async (id: number) => (await superiorOf.get({ id }))?.superior_id ?? null,
    /** Turns a guest row into a registered account in place (same id and uid); false when not a guest. */
    signUpGuest: async (
      id: number,
      row: {
        username: string;
        phone: string;
        passwordHash: string;
        superiorId: number | null;
        registrationCode: string;
        now: string;
      },
    ) => (await signUpGuest.run({ id, ...row })).changes > 0,
    setStatus: (id: number, status: 'active' | 'suspended', reason: string) => setStatus.run({ status, reason, id }),
    async updateProfile(id: number, changes: ProfileChanges) {
      const values = Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, changes[c] ?? null]));
      if (PROFILE_COLUMNS.every((c) => values[c] === null)) return;
      await updateProfile.run({ ...values, id });
    },
    /** Username containing `q`, uid `q`, phone `q`, or phone LIKE `phoneLike` (null: exact phone only). */
    search: (q: string, limit: number, phoneLike: string | null) => search.all({ q, like: `%${q}%`, phoneLike, limit }),
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
