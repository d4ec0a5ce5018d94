import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import {
  KYC_DEADLINE_DAYS,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_MAX_BYTES,
  type KycDocumentKind,
  type KycDocumentType,
  type kycSubmit,
  normalizeIdNumber,
} from '../../../../shared/contract/kyc';
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
/**
 * The image type from the bytes' magic, never from a name or a declared type: JPEG (FF D8 FF), PNG (its
 * 8-byte signature), WebP (RIFF....WEBP). Anything else is null.
 */
export function imageTypeOf(bytes: Buffer): KycDocumentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The reminders before the deadline: the letter `kind`, sent once `daysLeft` days or fewer are left. */
const REMINDERS = [
  { kind: '1d', daysLeft: 1 },
  { kind: '3d', daysLeft: 3 },
] as const;

/** Whether an operator's answer carries full ID numbers (kyc.idNumbers) or their last 4 characters. */
export type IdNumbers = 'full' | 'masked';

/** What a player's KYC status and restriction are decided by (the users row and the latest submission). */
export interface RiskFacts {
  created_at: string;
  user_status: UserRow['status'];
  kyc_status: KycStatus | null;
}

export const maskIdNumber = (id: string) => `${'*'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

/**
 * Identity verification (spec sections 1 and 6). The player submits, the operator decides. The 7-day rule
 * is computed from the clock, no job needed: from registration + 7 days, an account that is not verified
 * is restricted (withdrawals refused with ACCOUNT_RESTRICTED) until it is verified.
 */
export function createKycService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  users: Pick<UserService, 'byId' | 'adoptVerifiedName'>;
  /** The reminder letter before the deadline (the inbox registers after this domain: reached at call time). */
  letterDeadline?: (userId: number, daysLeft: number, deadline: string) => Promise<unknown>;
}) {
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

  /** The KYC status and restriction from the facts they are decided by, read by the caller (or riskOf). */
  function riskFrom(facts: RiskFacts): { kycStatus: KycStatus; restricted: boolean } {
    const kycStatus: KycStatus = facts.kyc_status ?? 'unverified';
    return {
      kycStatus,
      restricted: isRestricted({ created_at: facts.created_at, status: facts.user_status }, kycStatus),
    };
  }

  /** status() in one narrow statement: this runs on every withdrawal. */
  async function riskOf(userId: number): Promise<{ kycStatus: KycStatus; restricted: boolean }> {
    const facts = await repo.riskFacts(userId);
    if (!facts) throw new AppError(Code.SESSION_INVALID);
    return riskFrom(facts);
  }

  /** When each of the player's photos was uploaded, null where missing. */
  async function documentsOf(userId: number): Promise<Record<KycDocumentKind, string | null>> {
    const facts = await repo.documentFacts(userId);
    const at = (kind: KycDocumentKind) => facts.find((f) => f.kind === kind)?.uploaded_at ?? null;
    return { idFront: at('idFront'), idBack: at('idBack'), selfie: at('selfie') };
  }

  async function opsDocumentsOf(userId: number) {
    const facts = await repo.documentFacts(userId);
    const of = (kind: KycDocumentKind) => {
      const f = facts.find((d) => d.kind === kind);
      return f ? { contentType: f.content_type, size: Number(f.size), uploadedAt: f.uploaded_at } : null;
    };
    return { idFront: of('idFront'), idBack: of('idBack'), selfie: of('selfie') };
  }

  async function view(userId: number) {
    const s = await status(userId);
    return {
      documents: await documentsOf(userId),
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

  /**
   * A submission as the back office reads it. `idNumbers` is who asks: 'full' for an operator whose role
   * holds kyc.idNumbers (route.ts decides from the session), else the last 4 characters, as the player sees
   * them: a tester or support operator's answer never carries the full number.
   */
  async function opsView(row: KycListRow, idNumbers: IdNumbers) {
    return {
      documents: await opsDocumentsOf(row.user_id),
      id: row.id,
      uid: row.uid,
      username: row.username,
      realName: row.real_name,
      birthDate: row.birth_date,
      age: ageToday(row.birth_date),
      idType: row.id_type,
      idNumber: idNumbers === 'full' ? row.id_number : maskIdNumber(row.id_number),
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

    /**
     * One photo of the player's (base64 from the contract): at most KYC_DOCUMENT_MAX_BYTES, a JPEG, PNG or
     * WebP by its magic bytes; it replaces the one of its kind. Refused while a submission waits for review
     * (the operator must decide on what they saw) and once verified.
     */
    async upload(user: SessionUser, kind: KycDocumentKind, base64: string) {
      if (user.guest) throw new AppError(Code.GUEST_NOT_ALLOWED);
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > KYC_DOCUMENT_MAX_BYTES) {
        throw new AppError(Code.KYC_DOCUMENT_TOO_LARGE, { params: { mb: KYC_DOCUMENT_MAX_BYTES / 1024 / 1024 } });
      }
      const contentType = imageTypeOf(bytes);
      if (!contentType) throw new AppError(Code.KYC_DOCUMENT_TYPE);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await db.transaction(async () => {
        const current = (await repo.latest(user.id))?.status;
        if (current === 'pending' || current === 'verified') {
          throw new AppError(Code.KYC_DOCUMENTS_LOCKED, { params: { status: current } });
        }
        await repo.putDocument({
          userId: user.id,
          kind,
          contentType,
          bytes,
          size: bytes.length,
          sha256,
          now: clock.iso(),
        });
      })();
      return view(user.id);
    },

    /** A photo's bytes for the operator's review (the /ops stream); OPS_NOT_FOUND when there is none. */
    async document(userId: number, kind: KycDocumentKind) {
      const row = await repo.documentBytes(userId, kind);
      if (!row) throw new AppError(Code.OPS_NOT_FOUND);
      return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
    },

    /** Whether the player's identity is verified (their full name is then locked). */
    async verified(userId: number) {
      return (await repo.latest(userId))?.status === 'verified';
    },

    /**
     * The reminder letters before the 7-day deadline: 3 days and 1 day before it, to players who have not
     * submitted (or were rejected). Each letter's unique key (kyc_reminders) is taken in the transaction that
     * writes it: two processes or two clock moves at once send one letter. When both are due at once (the
     * clock jumped), only the 1-day letter goes and the 3-day one is marked as moot.
     */
    async remindDeadlines() {
      const now = clock.nowMs();
      const iso = clock.iso();
      const at = (ms: number) => new Date(ms).toISOString();
      let sent = 0;
      for (const { kind, daysLeft } of REMINDERS) {
        const due = await repo.dueReminders(
          kind,
          at(now - KYC_DEADLINE_DAYS * DAY_MS),
          at(now - (KYC_DEADLINE_DAYS - daysLeft) * DAY_MS),
        );
        for (const player of due) {
          await db.transaction(async () => {
            if (!(await repo.claimReminder(player.id, kind, iso))) return;
            if (kind === '1d') await repo.claimReminder(player.id, '3d', iso);
            await deps.letterDeadline?.(player.id, daysLeft, deadlineOf(player).toISOString());
            sent++;
          })();
        }
      }
      return sent;
    },

    /** The KYC part of userRiskVO. */
    risk: riskOf,
    /**
     * The same from facts the caller read already: GET /api/balance reads them in its one statement
     * (ledger `buckets`), so the rule stays here and costs no round trip.
     */
    riskFrom,

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
        const kinds = new Set((await repo.documentFacts(user.id)).map((d) => d.kind));
        if (current !== 'pending' && current !== 'verified' && !KYC_DOCUMENT_KINDS.every((k) => kinds.has(k))) {
          throw new AppError(Code.KYC_DOCUMENTS_MISSING);
        }
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
    async decide(
      userId: number,
      decision: 'verified' | 'rejected',
      reason: string,
      actor = 'ops',
      retake: readonly KycDocumentKind[] = [],
      idNumbers: IdNumbers = 'masked',
    ) {
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
        // A rejection that asks for new photos removes them: the player's screen asks for those again.
        if (decision === 'rejected') for (const kind of retake) await repo.removeDocument(userId, kind);
        // The verified name becomes the profile's full name, which the player can no longer change.
        if (decision === 'verified') await users.adoptVerifiedName(userId, latest.real_name);
        return (await repo.byId(latest.id)) as KycListRow;
      })();
      events.emit('kyc.decided', { userId, status: decision });
      return opsView(row, idNumbers);
    },

    async list(filter: { status?: string; userId?: number; page: number; size: number; idNumbers: IdNumbers }) {
      const f = {
        status: filter.status,
        userId: filter.userId,
        limit: filter.size,
        offset: (filter.page - 1) * filter.size,
      };
      const rows = [];
      for (const row of await repo.page(f)) rows.push(await opsView(row, filter.idNumbers));
      return { rows, total: await repo.count(f) };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
