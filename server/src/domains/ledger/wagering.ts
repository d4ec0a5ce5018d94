import type { Db } from '../../db/database';

/** One wagering requirement (table wagering_requirements): the turnover a bonus asks before it is cash. */
export interface WageringRow {
  id: number;
  user_id: number;
  source: string;
  reference: string;
  bonus: number;
  required: number;
  done: number;
  state: 'open' | 'met' | 'forfeited';
  created_at: string;
  closed_at: string | null;
  /** What forfeited it (the reference of the posting or of the round settled): its rollback opens it again. */
  forfeited_by: string | null;
}

/** What opens a requirement: a bonus credited with a turnover multiple (centavos). */
export interface WageringGrant {
  source: string;
  bonus: number;
  required: number;
}

/**
 * Bonus money ring-fenced (docs/money.md "Wagering requirements"). Each bonus with a turnover multiple
 * opens its own requirement; while it is open its bonus is locked (not withdrawable), the rest of the
 * balance is not. All of it runs inside the ledger's transaction of the posting that causes it.
 */
export function createWagering(db: Db) {
  const insert = db.prepare(
    `INSERT INTO wagering_requirements (user_id, source, reference, bonus, required, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const open = db.prepare("SELECT * FROM wagering_requirements WHERE user_id = ? AND state = 'open' ORDER BY id");
  const locked = db
    .prepare("SELECT COALESCE(SUM(bonus), 0) FROM wagering_requirements WHERE user_id = ? AND state = 'open'")
    .pluck();
  const addDone = db.prepare(
    `UPDATE wagering_requirements SET done = done + @amount,
       state = CASE WHEN done + @amount >= required THEN 'met' ELSE 'open' END,
       closed_at = CASE WHEN done + @amount >= required THEN @now ELSE NULL END
     WHERE id = @id AND state = 'open'`,
  );
  const takeBack = db.prepare(
    `UPDATE wagering_requirements SET done = done - @amount,
       state = CASE WHEN state = 'met' THEN 'open' ELSE state END,
       closed_at = CASE WHEN state = 'met' THEN NULL ELSE closed_at END
     WHERE id = @id`,
  );
  const insertBet = db.prepare(
    'INSERT INTO wagering_bets (requirement_id, user_id, reference, amount) VALUES (?, ?, ?, ?)',
  );
  const betsOf = db.prepare('SELECT requirement_id, amount FROM wagering_bets WHERE user_id = ? AND reference = ?');
  const deleteBets = db.prepare('DELETE FROM wagering_bets WHERE user_id = ? AND reference = ?');
  const forfeit = db.prepare(
    `UPDATE wagering_requirements SET state = 'forfeited', closed_at = ?, forfeited_by = ?
     WHERE user_id = ? AND state = 'open'`,
  );
  const reopen = db.prepare(
    `UPDATE wagering_requirements SET state = 'open', closed_at = NULL, forfeited_by = NULL
     WHERE user_id = ? AND state = 'forfeited' AND forfeited_by = ?`,
  );

  return {
    /** Opens a requirement for a bonus just credited (nothing when it asks no turnover). */
    async start(userId: number, reference: string, g: WageringGrant, now: string) {
      if (g.bonus <= 0 || g.required <= 0) return;
      await insert.run(userId, g.source, reference, g.bonus, g.required, now);
    },
    /**
     * A bet of `amount` counts toward the open requirements oldest first (by the order they were opened):
     * each takes what it still needs, the next one the rest, until the bet is used up. A requirement whose
     * turnover is done becomes met. What went where is kept for the rollback.
     */
    async bet(userId: number, reference: string, amount: number, now: string) {
      let left = amount;
      for (const r of (await open.all(userId)) as WageringRow[]) {
        if (left <= 0) break;
        const take = Math.min(left, r.required - r.done);
        if (take <= 0) continue;
        await addDone.run({ id: r.id, amount: take, now });
        await insertBet.run(r.id, userId, reference, take);
        left -= take;
      }
    },
    /**
     * A rolled-back bet never counted: what it gave each requirement is taken back, and a requirement it
     * had completed is open again. A requirement this very reference forfeited is open again too (the move
     * that lost the bonus never happened); one forfeited by something else stays forfeited.
     */
    async rollback(userId: number, reference: string) {
      for (const b of (await betsOf.all(userId, reference)) as { requirement_id: number; amount: number }[]) {
        await takeBack.run({ id: b.requirement_id, amount: b.amount });
      }
      await deleteBets.run(userId, reference);
      await reopen.run(userId, reference);
    },
    /**
     * The bonuses were staked and lost (balance 0, nothing left in play): their requirements lock nothing
     * more. `reference` (the posting's or the settled round's) is kept, so that its rollback undoes this.
     */
    forfeit: (userId: number, reference: string, now: string) => forfeit.run(now, reference, userId),
    /** The bonus locked by the open requirements (centavos). */
    locked: (userId: number) => locked.get(userId) as Promise<number>,
    /** The open requirements, oldest first. */
    open: (userId: number) => open.all(userId) as Promise<WageringRow[]>,
  };
}

export type Wagering = ReturnType<typeof createWagering>;
