import type { FastifyInstance } from 'fastify';
import * as account from '../../../../shared/contract/account';
import * as record from '../../../../shared/contract/record';
import { toPesos } from '../../../../shared/money';
import { manilaDayRange } from '../../../../shared/time';
import { walletName } from '../../../../shared/wallets';
import { route } from '../../route';
import { JOURNAL_TYPES, journalTypeName } from './journal-types';
import type { RemarkBook } from './remarks';
import type { AccountRow, BalanceFacts, LedgerService } from './service';

export interface BalanceExtras {
  /** The remarks of journal rows in the player's language. */
  remarks: RemarkBook;
  /** userRiskVO beside the ledger's buckets (KYC, restrictions), from the facts the balance read got. */
  risk: (row: AccountRow, facts: BalanceFacts) => Promise<account.Balance['userRiskVO']>;
  /** Pending pixel events, delivered once; `pending` false (the balance read saw none) reads nothing more. */
  fbEvents: (userId: number, pending: boolean) => Promise<account.Balance['fbEvent']>;
}

export function ledgerRoutes(app: FastifyInstance, ledger: LedgerService, extras: BalanceExtras) {
  route(app, account.balance, async ({ user }) => {
    // One statement (issue 27): the buckets and the facts of the risk part and the pixel events.
    const { account: row, facts, userAccountVO, userPointVO } = await ledger.buckets(user.id);
    return {
      userAccountVO,
      userPointVO,
      userRiskVO: await extras.risk(row, facts),
      fbEvent: await extras.fbEvents(user.id, facts.fbPending),
    };
  });

  route(app, record.balanceJournal, async ({ user, query, request }) => {
    const range = manilaDayRange(query.from, query.to);
    const filter = {
      userId: user.id,
      type: query.type,
      from: range.from,
      to: range.to,
      limit: query.size,
      offset: (query.page - 1) * query.size,
    };
    const list = [];
    for (const row of await ledger.journalPage(filter)) {
      list.push({
        id: row.id,
        type: row.type,
        typeName: journalTypeName(row.type, request.lang),
        amount: toPesos(row.amount),
        balanceAfter: toPesos(row.balance_after),
        points: row.point_delta,
        pointsAfter: row.point_after,
        reference: row.reference,
        remark: row.remark,
        detail:
          (await app.services.play.roundLabel(user.id, row.reference)) ??
          walletName(row.remark) ??
          (row.remark ? await extras.remarks.text(row, request.lang) : row.reference),
        createdAt: row.created_at,
      });
    }
    return { list, page: query.page, size: query.size, total: await ledger.journalCount(filter) };
  });

  route(app, record.balanceJournalTypes, ({ request }) =>
    Object.keys(JOURNAL_TYPES).map((type) => ({ type, name: journalTypeName(type, request.lang) })),
  );
}
