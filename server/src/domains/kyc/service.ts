import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import { KYC_DEADLINE_DAYS, type kycSubmit, normalizeIdNumber } from '../../../../shared/contract/kyc';
import { ageOn, MINIMUM_AGE } from '../../../../shared/rules';
import { manilaDay } from '../../../../shared/time';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { EventBus } from '../../plugins/events';
import type { SessionUser } from '../../types';
import type { UserRow, UserService } from '../user/service';
import { createKycRepo, type KycListRow, type KycRow, type KycStatus } from './repo';

type Submission = z.output<typeof kycSubmit.body>;

const DAY_MS = 86_400_000;

/** "Juan Dela Cruz" -> "J*** D*** C***": enough for the player to recognise, not to copy. */
export const maskName = (name: string) =>
  name
    .split(' ')
    .filter(Boolean)
    .map((word) => `${word.slice(0, 1)}***`)
    .join(' ');
export const maskBirthDate = (date: string) => `**/**/${date.slice(-4)}`;
export const maskIdNumber = (id: string) => `${'*'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

/**
 * Identity verification (spec sections 1 and 6). The player submits, the operator decides. The 7-day rule
 * is computed from the clock, no job needed: from registration + 7 days, an account that is not verified
 * is restricted (withdrawals refused with ACCOUNT_RESTRICTED) until it is verified.
 */
export function createKycService(deps: { db: Db; clock: Clock; events: EventBus; users: Pick<UserService, 'byId'> }) {
  const { db, clock, events, users } = deps;
  const repo = createKycRepo(db);

  const userOf = async (userId: number) => {
    const row = await users.byId(userId);
    if (!row) throw new AppError(Code.SESSION_INVALID);
    return row;
  };

  const deadlineOf = (user: Pick<UserRow, 'created_at'>) =>
    new Date(Date.parse(user.created_at) + KYC_DEADLINE_DAYS * DAY_MS);
  const isRestricted = (user: Pick<UserRow, 'created_at' | 'status'>, current: KycStatus) =>
    user.status === 'suspended' || (clock.nowMs() >= deadlineOf(user).getTime() && current !== 'verified');

  /** Age in whole years on today's Manila date. */
  const ageToday = (birthDate: string) => ageOn(birthDate, new Date(`${manilaDay(clock.now())}T00:00:00Z`));

  async function status(
    userId: number,
  ): Promise<{ status: KycStatus; row: KycRow | undefined; user: UserRow; restricted: boolean }> {
    const user = await userOf(userId);
    const row = await repo.latest(userId);
    const current: KycStatus = row?.status ?? 'unverified';
    return { status: current, row, user, restricted: isRestricted(user, current) };
  }

  /** status() in one narrow statement: this runs on every GET /api/balance and every withdrawal. */
  async function riskOf(userId: number): Promise<{ kycStatus: KycStatus; restricted: boolean }> {
    const facts = await repo.riskFacts(userId);
    if (!facts) throw new AppError(Code.SESSION_INVALID);
    const kycStatus: KycStatus = facts.kyc_status ?? 'unverified';
    return {
      kycStatus,
      restricted: isRestricted({ created_at: facts.created_at, status: facts.user_status }, kycStatus),
    };
  }

  async function view(userId: number) {
    const s = await status(userId);
    return {
      status: s.status,
      reason: s.row?.status === 'rejected' ? s.row.reason : '',
      submittedAt: s.row?.submitted_at ?? null,
      decidedAt: s.row?.decided_at ?? null,
      deadline: deadlineOf(s.user).toISOString(),
      restricted: s.restricted,
      submission: s.row
        ? {
            realName: maskName(s.row.real_name),
            birthDate: maskBirthDate(s.row.birth_date),
            idType: s.row.id_type,
            idNumber: maskIdNumber(s.row.id_number),
          }
        : null,
    };
  }

  function opsView(row: KycListRow) {
    return {
      id: row.id,
      uid: row.uid,
      username: row.username,
      realName: row.real_name,
      birthDate: row.birth_date,
      age: ageToday(row.birth_date),
      idType: row.id_type,
      idNumber: row.id_number,
      status: row.status,
      reason: row.reason,
      submittedAt: row.submitted_at,
      decidedAt: row.decided_at,
      decidedBy: row.decided_by,
      registeredAt: row.registered_at,
      deadline: new Date(Date.parse(row.registered_at) + KYC_DEADLINE_DAYS * DAY_MS).toISOString(),
    };
  }

  return {
    view,
    opsView,

    /** The KYC part of userRiskVO. */
    risk: riskOf,

    /** Throws ACCOUNT_RESTRICTED past the deadline, KYC_REQUIRED before it, unless verified. */
    async assertMayWithdraw(userId: number) {
      const s = await riskOf(userId);
      if (s.restricted) throw new AppError(Code.ACCOUNT_RESTRICTED);
      if (s.kycStatus !== 'verified') throw new AppError(Code.KYC_REQUIRED);
    },

    async submit(user: SessionUser, input: Submission) {
      if (user.guest) throw new AppError(Code.GUEST_NOT_ALLOWED);
      if (ageToday(input.birthDate) < MINIMUM_AGE) throw new AppError(Code.UNDERAGE);
      await db.transaction(async () => {
        const current = (await repo.latest(user.id))?.status;
        const inserted =
          current !== 'pending' &&
          current !== 'verified' &&
          (await repo.insert({
            userId: user.id,
            realName: input.realName.replace(/\s+/g, ' '),
            birthDate: input.birthDate,
            idType: input.idType,
            idNumber: normalizeIdNumber(input.idNumber),
            now: clock.iso(),
          }));
        if (!inserted) {
          throw new AppError(Code.KYC_ALREADY_SUBMITTED, {
            params: { status: (await repo.latest(user.id))?.status ?? '' },
          });
        }
      })();
      return view(user.id);
    },

    /** The operator's decision on a player's pending submission. */
    async decide(userId: number, decision: 'verified' | 'rejected', reason: string, actor = 'ops') {
      const row = await db.transaction(async () => {
        const latest = await repo.latest(userId);
        if (!latest) throw new AppError(Code.OPS_NOT_FOUND);
        const decided = await repo.decide({
          id: latest.id,
          status: decision,
          reason: decision === 'rejected' ? reason : '',
          actor,
          now: clock.iso(),
        });
        if (!decided) throw new AppError(Code.TRANSITION_INVALID);
        return (await repo.byId(latest.id)) as KycListRow;
      })();
      events.emit('kyc.decided', { userId, status: decision });
      return opsView(row);
    },

    async list(filter: { status?: string; userId?: number; page: number; size: number }) {
      const f = {
        status: filter.status,
        userId: filter.userId,
        limit: filter.size,
        offset: (filter.page - 1) * filter.size,
      };
      return { rows: (await repo.page(f)).map(opsView), total: await repo.count(f) };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
