import type { Db } from '../../db/database';

export interface UserRow {
  id: number;
  uid: number;
  username: string;
  phone: string | null;
  password_hash: string;
  trade_password_hash: string | null;
  nickname: string;
  gender: 'male' | 'female' | 'other';
  avatar: string;
  invitation_code: string;
  superior_id: number | null;
  registration_code: string;
  guest: number;
  status: 'active' | 'suspended';
  status_reason: string;
  vip_level: number;
  real_name: string;
  birth_date: string;
  email: string;
  terms_accepted_at: string | null;
  sign_up_bonus_at: string | null;
  created_at: string;
  has_wallet: number;
}

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

const SELECT_USER = `SELECT u.*,
  CASE WHEN EXISTS (SELECT 1 FROM user_wallets w WHERE w.user_id = u.id) THEN 1 ELSE 0 END AS has_wallet FROM users u`;
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
const SELECT_INFO = `SELECT u.uid, u.username, u.nickname, u.gender, u.phone, u.avatar, u.invitation_code, u.vip_level,
  u.registration_code, u.guest, CASE WHEN u.trade_password_hash IS NULL THEN 1 ELSE 0 END AS no_trade_password,
  CASE WHEN u.sign_up_bonus_at IS NOT NULL THEN 1 ELSE 0 END AS signed_up,
  CASE WHEN EXISTS (SELECT 1 FROM user_wallets w WHERE w.user_id = u.id) THEN 1 ELSE 0 END AS has_wallet
  FROM users u WHERE u.id = ?`;
const PROFILE_COLUMNS = new Set(['nickname', 'gender', 'avatar', 'real_name', 'birth_date', 'email', 'phone']);

export function createUserRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO users (uid, username, phone, password_hash, nickname, avatar, invitation_code, superior_id,
       superior_bound_at, registration_code, guest, terms_accepted_at, register_ip, register_device, created_at)
     VALUES (@uid, @username, @phone, @passwordHash, @nickname, @avatar, @invitationCode, @superiorId,
       CASE WHEN CAST(@superiorId AS BIGINT) IS NULL THEN NULL ELSE @now END, @registrationCode, @guest, @termsAcceptedAt, @ip,
       @deviceId, @now)
     RETURNING id`,
  );
  const byId = db.prepare(`${SELECT_USER} WHERE u.id = ?`);
  const byUid = db.prepare(`${SELECT_USER} WHERE u.uid = ?`);
  const infoById = db.prepare(SELECT_INFO);
  const byUsername = db.prepare(`${SELECT_USER} WHERE lower(u.username) = lower(?)`);
  const byPhone = db.prepare(`${SELECT_USER} WHERE u.phone = ?`);
  const byInvitationCode = db.prepare(`${SELECT_USER} WHERE lower(u.invitation_code) = lower(?)`);
  const uidExists = db.prepare('SELECT 1 FROM users WHERE uid = ?').pluck();
  // What every money move checks first (guest, suspended): two columns, not the whole row.
  const standing = db.prepare('SELECT guest, status FROM users WHERE id = ?');
  const codeExists = db.prepare('SELECT 1 FROM users WHERE lower(invitation_code) = lower(?)').pluck();
  const usernameExists = db.prepare('SELECT 1 FROM users WHERE lower(username) = lower(?)').pluck();
  const phoneExists = db.prepare('SELECT 1 FROM users WHERE phone = ?').pluck();
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const setTradePassword = db.prepare('UPDATE users SET trade_password_hash = ? WHERE id = ?');
  const setSuperior = db.prepare(
    `UPDATE users SET superior_id = ?, registration_code = ?, superior_bound_at = ? WHERE id = ? AND superior_id IS NULL`,
  );
  const superiorOf = db.prepare('SELECT superior_id FROM users WHERE id = ?').pluck();
  const signUpGuest = db.prepare(
    `UPDATE users SET username = @username, phone = @phone, password_hash = @passwordHash,
       nickname = CASE WHEN nickname = username THEN @username ELSE nickname END,
       superior_id = @superiorId, registration_code = @registrationCode,
       superior_bound_at = CASE WHEN CAST(@superiorId AS BIGINT) IS NULL THEN NULL ELSE @now END,
       guest = 0, terms_accepted_at = @now
     WHERE id = @id AND guest = 1`,
  );
  const setStatus = db.prepare('UPDATE users SET status = ?, status_reason = ? WHERE id = ?');
  const search = db.prepare(
    `${SELECT_USER} WHERE (@q = '' OR u.username LIKE @like OR u.phone LIKE @like OR CAST(u.uid AS TEXT) = @q)
     ORDER BY u.id DESC LIMIT @limit`,
  );

  return {
    insert: async (user: NewUser) => ((await insert.get(user)) as { id: number }).id,
    byId: (id: number) => byId.get(id) as Promise<UserRow | undefined>,
    standing: async (id: number) => (await standing.get(id)) as Pick<UserRow, 'guest' | 'status'> | undefined,
    infoById: (id: number) => infoById.get(id) as Promise<UserInfoRow | undefined>,
    byUid: (uid: number) => byUid.get(uid) as Promise<UserRow | undefined>,
    byUsername: (username: string) => byUsername.get(username) as Promise<UserRow | undefined>,
    byPhone: (phone: string) => byPhone.get(phone) as Promise<UserRow | undefined>,
    byInvitationCode: (code: string) => byInvitationCode.get(code) as Promise<UserRow | undefined>,
    uidExists: async (uid: number) => (await uidExists.get(uid)) !== undefined,
    invitationCodeExists: async (code: string) => (await codeExists.get(code)) !== undefined,
    usernameExists: async (username: string) => (await usernameExists.get(username)) !== undefined,
    phoneExists: async (phone: string) => (await phoneExists.get(phone)) !== undefined,
    setPassword: (id: number, hash: string) => setPassword.run(hash, id),
    setTradePassword: (id: number, hash: string) => setTradePassword.run(hash, id),
    /** Binds only when no superior is bound yet; false when one already was. */
    setSuperior: async (id: number, superiorId: number, code: string, now: string) =>
      (await setSuperior.run(superiorId, code, now, id)).changes > 0,
    superiorOf: async (id: number) => ((await superiorOf.get(id)) as number | null | undefined) ?? null,
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
    setStatus: (id: number, status: 'active' | 'suspended', reason: string) => setStatus.run(status, reason, id),
    async updateProfile(id: number, changes: ProfileChanges) {
      const columns = Object.keys(changes).filter((c) => PROFILE_COLUMNS.has(c));
      if (!columns.length) return;
      const assignments = columns.map((c) => `${c} = @${c}`).join(', ');
      await db.prepare(`UPDATE users SET ${assignments} WHERE id = @id`).run({ ...changes, id });
    },
    search: (q: string, limit: number) => search.all({ q, like: `%${q}%`, limit }) as Promise<UserRow[]>,
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
