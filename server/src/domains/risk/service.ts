import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { playerRiskSchema, RiskFlag } from '../../../../shared/contract/ops-risk';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { UserService } from '../user/service';
import { createRiskRepo, type LinkKind } from './repo';

const LINK_KINDS: readonly LinkKind[] = ['device', 'ip', 'wallet', 'payee'];
const MAX_LINKED = 100;

/** The flags that hold a player's withdrawals while in force (docs/operator-guide.md, "Risk"). */
export const WITHDRAWAL_HOLDS: readonly RiskFlag[] = ['fraud'];

/**
 * Risk (issue 29 item 4): linked accounts, flags and notes on players, and the sign-up's SMS code setting.
 * A flag or note names the operator who wrote it; the audit trail keeps the request beside it.
 */
export function createRiskService(deps: { db: Db; clock: Clock; users: Pick<UserService, 'opsTarget'> }) {
  const { db, clock } = deps;
  const repo = createRiskRepo(db);

  async function flagsIn(ids: number[]): Promise<Map<number, RiskFlag[]>> {
    const map = new Map<number, RiskFlag[]>();
    if (ids.length === 0) return map;
    for (const row of await repo.flagsInForce(ids)) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.flag]);
    return map;
  }

  /** The other accounts sharing a device id, an address, an e-wallet number or a payee name with `userId`. */
  async function linked(userId: number) {
    const links = new Map<number, { kind: LinkKind; value: string }[]>();
    for (const kind of LINK_KINDS) {
      for (const row of await repo.linked(kind, userId)) {
        const list = links.get(row.user_id) ?? [];
        if (!list.some((l) => l.kind === kind && l.value === row.value)) list.push({ kind, value: row.value });
        links.set(row.user_id, list);
      }
    }
    // Most shared facts first (kinds, then values), then the newest account.
    const ids = [...links.keys()];
    const briefs = ids.length === 0 ? [] : await repo.briefs(ids);
    const flags = await flagsIn(ids);
    const kinds = (id: number) => new Set(links.get(id)?.map((l) => l.kind)).size;
    return briefs
      .sort(
        (a, b) =>
          kinds(b.id) - kinds(a.id) || (links.get(b.id)?.length ?? 0) - (links.get(a.id)?.length ?? 0) || b.id - a.id,
      )
      .slice(0, MAX_LINKED)
      .map((u) => ({
        uid: u.uid,
        username: u.username,
        status: u.status,
        guest: u.guest === 1,
        createdAt: u.created_at,
        flags: flags.get(u.id) ?? [],
        links: links.get(u.id) ?? [],
      }));
  }

  async function view(uid: number): Promise<z.infer<typeof playerRiskSchema>> {
    const row = await deps.users.opsTarget(uid);
    return {
      uid: row.uid,
      linked: await linked(row.id),
      flags: (await repo.flagsOf(row.id)).map((f) => ({
        id: f.id,
        flag: f.flag,
        reason: f.reason,
        setBy: f.set_by,
        setAt: f.set_at,
        clearedBy: f.cleared_by,
        clearedAt: f.cleared_at,
        clearReason: f.clear_reason,
      })),
      notes: (await repo.notesOf(row.id)).map((n) => ({
        id: n.id,
        text: n.body,
        operator: n.operator,
        createdAt: n.created_at,
      })),
    };
  }

  return {
    view,
    /** Flags in force per player, for the operator's player list. */
    flagsIn,

    /** Sets a flag (RISK_FLAG_SET_ALREADY when in force: of two operators at once, one sets it). */
    async setFlag(uid: number, flag: RiskFlag, reason: string, operator: string) {
      const row = await deps.users.opsTarget(uid);
      const added = await db.transaction(() =>
        repo.insertFlag({ userId: row.id, flag, reason, operator, now: clock.iso() }),
      )();
      if (!added) throw new AppError(Code.RISK_FLAG_SET_ALREADY);
      return view(uid);
    },

    async clearFlag(uid: number, flag: RiskFlag, reason: string, operator: string) {
      const row = await deps.users.opsTarget(uid);
      const cleared = await db.transaction(() =>
        repo.clearFlag({ userId: row.id, flag, reason, operator, now: clock.iso() }),
      )();
      if (!cleared) throw new AppError(Code.RISK_FLAG_NOT_SET);
      return view(uid);
    },

    async addNote(uid: number, text: string, operator: string) {
      const row = await deps.users.opsTarget(uid);
      await db.transaction(() => repo.insertNote({ userId: row.id, text, operator, now: clock.iso() }))();
      return view(uid);
    },

    /**
     * Throws WITHDRAW_BLOCKED_FLAG while the player has a flag that holds withdrawals (fraud). The withdrawal
     * calls it among its rules, before the transaction password and again inside the order's transaction.
     */
    async assertMayWithdraw(userId: number) {
      for (const flag of WITHDRAWAL_HOLDS) {
        if (await repo.hasFlag(userId, flag)) throw new AppError(Code.WITHDRAW_BLOCKED_FLAG);
      }
    },

    /** Whether a sign-up needs the code texted to its phone: on unless an operator turned it off. */
    signUpSmsCode: async () => (await repo.setting('signUpSmsCode')) !== 0,
    settings: async () => ({ signUpSmsCode: (await repo.setting('signUpSmsCode')) !== 0 }),
    async setSettings(change: { signUpSmsCode: boolean }) {
      await db.transaction(() => repo.setSetting('signUpSmsCode', change.signUpSmsCode ? 1 : 0))();
      return { signUpSmsCode: change.signUpSmsCode };
    },
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
