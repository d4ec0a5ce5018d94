import type { z } from 'zod';
import { Code } from '../../../../shared/codes';
import type { createCode } from '../../../../shared/contract/ops-rewards';
import { toPesos } from '../../../../shared/money';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, isAppError } from '../../errors';
import { parseRewards, toGranted } from '../mall/reward-input';
import type { RewardGrants } from '../reward/grant';
import type { UserService } from '../user/service';
import { createRedemptionRepo, type RedemptionCodeRow } from './repo';

type NewCode = z.output<typeof createCode.body>;

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/**
 * Redemption codes: each has rewards, a number of uses shared by all players (one per account), an
 * optional minimum VIP level and an optional expiry. Codes match without case.
 */
export function createRedemptionService(deps: {
  db: Db;
  clock: Clock;
  grants: RewardGrants;
  users: Pick<UserService, 'byId'>;
  couponExists: (template: string) => Promise<boolean>;
}) {
  const { db, clock, grants, users } = deps;
  const repo = createRedemptionRepo(db);

  const expired = (row: RedemptionCodeRow) => row.expires_at !== null && row.expires_at <= clock.iso();

  function use(userId: number, typed: string) {
    const code = normalizeCode(typed);
    return db.transaction(async () => {
      const row = await repo.byCode(code);
      if (!row) throw new AppError(Code.CODE_INVALID);
      // In the order a player can do something about it: what is about them first, then the code's state.
      if (await repo.usedBy(row.id, userId)) throw new AppError(Code.CODE_ALREADY_USED);
      if (expired(row) || row.disabled_at !== null) throw new AppError(Code.CODE_EXPIRED);
      if (row.used >= row.total_uses) throw new AppError(Code.CODE_EXHAUSTED);
      if (((await users.byId(userId))?.vip_level ?? 0) < row.min_vip) {
        throw new AppError(Code.CODE_VIP_TOO_LOW, { params: { level: row.min_vip } });
      }
      if (!(await repo.take(row.id))) throw new AppError(Code.CODE_EXHAUSTED);
      await repo.insertUse(row.id, userId, clock.iso());
      try {
        const rewards = await grants.grant(userId, {
          key: `code:${row.code}`,
          source: 'code',
          rewards: parseRewards(row.rewards),
          turnoverMultiple: row.turnover_multiple,
          remark: `Redemption code ${row.code}`,
        });
        return { rewards, turnoverMultiple: row.turnover_multiple };
      } catch (error) {
        // The same key claimed before under an older code of this name: still one use per account.
        if (isAppError(error) && error.code === Code.REWARD_ALREADY_CLAIMED) throw new AppError(Code.CODE_ALREADY_USED);
        throw error;
      }
    })();
  }

  function opsView(row: RedemptionCodeRow) {
    return {
      id: row.id,
      code: row.code,
      rewards: parseRewards(row.rewards).map((r) => ({
        type: r.type,
        amount: r.type === 'cash' ? toPesos(r.amount) : r.amount,
        ...(r.type === 'coupon' ? { coupon: r.coupon } : {}),
        ...(r.info ? { info: r.info } : {}),
      })),
      totalUses: row.total_uses,
      used: row.used,
      left: row.total_uses - row.used,
      minVip: row.min_vip,
      turnoverMultiple: row.turnover_multiple,
      expiresAt: row.expires_at,
      expired: expired(row),
      disabledAt: row.disabled_at,
      remark: row.remark,
      source: row.source,
      createdAt: row.created_at,
    };
  }

  async function create(input: NewCode) {
    for (const r of input.rewards) {
      if (r.type === 'coupon' && !(await deps.couponExists(r.coupon ?? ''))) {
        throw new AppError(Code.COUPON_TEMPLATE_UNKNOWN, { params: { coupon: r.coupon ?? '' } });
      }
    }
    const id = await repo.insert({
      code: normalizeCode(input.code),
      rewards: JSON.stringify(input.rewards.map(toGranted)),
      totalUses: input.totalUses,
      minVip: input.minVip,
      expiresAt: input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(),
      remark: input.remark,
      source: 'ops',
      turnoverMultiple: input.turnoverMultiple ?? grants.wagering.codes,
      now: clock.iso(),
    });
    if (id === undefined) throw new AppError(Code.CODE_EXISTS);
    return opsView((await repo.byId(id)) as RedemptionCodeRow);
  }

  async function list(q: string | undefined, page: number, size: number) {
    const query = q?.trim() ? q.trim() : undefined;
    return {
      list: (await repo.page(query, size, (page - 1) * size)).map(opsView),
      page,
      size,
      total: await repo.count(query),
    };
  }

  /** An operator switches a code off: from now on it answers as expired. Idempotent. */
  async function disable(id: number) {
    if (!(await repo.byId(id))) throw new AppError(Code.OPS_NOT_FOUND);
    await repo.disable(id, clock.iso());
    return opsView((await repo.byId(id)) as RedemptionCodeRow);
  }

  /** What the audit trail records of a code around an operator action. */
  async function auditState(id: number) {
    const row = await repo.byId(id);
    return row ? { disabledAt: row.disabled_at, used: row.used, totalUses: row.total_uses } : null;
  }

  return { use, create, list, disable, auditState };
}

export type RedemptionService = ReturnType<typeof createRedemptionService>;
