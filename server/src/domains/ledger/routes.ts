import type { FastifyInstance } from 'fastify';
import * as account from '../../../../shared/contract/account';
import * as record from '../../../../shared/contract/record';
import { toPesos } from '../../../../shared/money';
import { manilaDayRange } from '../../../../shared/time';
import { walletName } from '../../../../shared/wallets';
import { route } from '../../route';
import { JOURNAL_TYPES, journalTypeName } from './journal-types';
import type { RemarkBook } from './remarks';
import type { AccountRow } from './repo';
import type { LedgerService } from './service';

export interface BalanceExtras {
  /** The remarks of journal rows in the player's language. */
  remarks: RemarkBook;
  /** userRiskVO beside the ledger's buckets (KYC, restrictions). */
  risk: (userId: number, row: AccountRow) => account.Balance['userRiskVO'];
  /** Pending pixel events, delivered once. */
  fbEvents: (userId: number) => account.Balance['fbEvent'];
}

export function ledgerRoutes(app: FastifyInstance, ledger: LedgerService, extras: BalanceExtras) {
  route(app, account.balance, ({ user }) => {
    const { account: row, userAccountVO, userPointVO } = ledger.buckets(user.id);
    return { userAccountVO, userPointVO, userRiskVO: extras.risk(user.id, row), fbEvent: extras.fbEvents(user.id) };
  });

  route(app, record.balanceJournal, ({ user, query, request }) => {
    const range = manilaDayRange(query.from, query.to);
    const filter = {
      userId: user.id,
      type: query.type,
      from: range.from,
      to: range.to,
      limit: query.size,
      offset: (query.page - 1) * query.size,
    };
    return {
      list: ledger.repo.journalPage(filter).map((row) => ({
        id: row.id,
        type: row.type,
        typeName: journalTypeName(row.type, request.lang),
        amount: toPesos(row.amount),
        balanceAfter: toPesos(row.balance_after),
        reference: row.reference,
        remark: row.remark,
        detail:
          app.services.play.roundLabel(user.id, row.reference) ??
          walletName(row.remark) ??
          (row.remark ? extras.remarks.text(row, request.lang) : row.reference),
        createdAt: row.created_at,
      })),
      page: query.page,
      size: query.size,
      total: ledger.repo.journalCount(filter),
    };
  });

  route(app, record.balanceJournalTypes, ({ request }) =>
    Object.keys(JOURNAL_TYPES).map((type) => ({ type, name: journalTypeName(type, request.lang) })),
  );
}
