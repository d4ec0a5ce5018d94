import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChipFilter } from '../../components/chip-filter';
import { type DayRange, DayRangeChips, dayRangeQuery } from '../../components/day-range';
import { Segmented } from '../../components/fields';
import { Page } from '../../components/page';
import { PagedList } from '../../components/paged-list';
import { EmptyState } from '../../components/states';
import { getDepositRecords } from '../../features/wallet/api/get-deposit-records';
import { getWithdrawRecords } from '../../features/wallet/api/get-withdraw-records';
import { PendingDepositActions } from '../../features/wallet/components/pending-deposit';
import { WALLET_LABELS } from '../../features/wallet/components/wallet-labels';
import { useDepositStore } from '../../features/wallet/store';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePagedList } from '../../lib/paged';
import '../../styles/wallet.css';

type Tab = 'deposit' | 'withdraw';

const DEPOSIT_STATUSES = [0, 1, 2, 3] as const;
/** Withdrawal statuses in the order a player follows them. */
const WITHDRAW_STATUSES = [0, 1, 6, 2, 3, 4, 5] as const;

/** One deposit or withdrawal line: wallet and amount, time and order number, its status badge. */
function RecordRow(props: {
  wallet: keyof typeof WALLET_LABELS;
  amount: number;
  extra?: string;
  createdAt: string;
  orderNo: string;
  /** The masked wallet a withdrawal goes to. */
  account?: string;
  remark?: string;
  statusClass: string;
  statusText: string;
  /** What the player can do with the record (a Pending deposit: continue or cancel). */
  actions?: React.ReactNode;
}) {
  return (
    <li className="row" data-order={props.orderNo}>
      <div className="row__main">
        <p className="row__title">
          {WALLET_LABELS[props.wallet]} · ₱ {formatMoney(props.amount)}
        </p>
        {props.extra ? <p className="row__meta text-success">{props.extra}</p> : null}
        <p className="row__meta">
          {formatDateTime(props.createdAt)} · {props.orderNo}
          {props.account ? ` · +63 ${props.account}` : ''}
        </p>
        {props.remark ? <p className="row__meta row__remark">{props.remark}</p> : null}
        {props.actions}
      </div>
      <span className={`status ${props.statusClass}`}>{props.statusText}</span>
    </li>
  );
}

/** Status chips: all, then each status of the list. */
function StatusChips<S extends number>({
  statuses,
  value,
  onChange,
  label,
}: {
  statuses: readonly S[];
  value: S | null;
  onChange(status: S | null): void;
  label(status: S): string;
}) {
  const { t } = useTranslation();
  return (
    <ChipFilter<S | null>
      label={t('filters.status')}
      value={value}
      onChange={onChange}
      scroll
      options={[null, ...statuses].map((s) => ({ value: s, label: s === null ? t('filters.all') : label(s) }))}
    />
  );
}

function Deposits({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof DEPOSIT_STATUSES)[number] | null>(null);
  const version = useDepositStore((s) => s.recordsVersion);
  const records = usePagedList(
    (page) => getDepositRecords({ ...dayRangeQuery(range), ...(status === null ? {} : { status }) }, page),
    [range, status, version],
  );
  return (
    <>
      <StatusChips<(typeof DEPOSIT_STATUSES)[number]>
        statuses={DEPOSIT_STATUSES}
        value={status}
        onChange={setStatus}
        label={(s) => t(`status.deposit.${s}`)}
      />
      <PagedList
        state={records}
        empty={
          <EmptyState
            title={t('history.noDeposits')}
            text={t('transactions.noDepositsText')}
            action={
              <Link to="/finance/recharge" className="btn btn--primary">
                <span className="btn__label">{t('transactions.depositNow')}</span>
              </Link>
            }
          />
        }
      >
        {(list) => (
          <ul className="rows" aria-label={t('history.deposits')}>
            {list.map((r) => (
              <RecordRow
                key={r.orderNo}
                wallet={r.channel}
                amount={r.amount}
                extra={r.bonus > 0 ? t('transactions.bonus', { amount: formatMoney(r.bonus) }) : undefined}
                createdAt={r.createdAt}
                orderNo={r.orderNo}
                statusClass={`status--d${r.status}`}
                statusText={t(`status.deposit.${r.status}`)}
                actions={r.status === 0 ? <PendingDepositActions orderNo={r.orderNo} amount={r.amount} /> : undefined}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function Withdrawals({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof WITHDRAW_STATUSES)[number] | null>(null);
  const version = useDepositStore((s) => s.recordsVersion);
  const records = usePagedList(
    (page) => getWithdrawRecords({ ...dayRangeQuery(range), ...(status === null ? {} : { status }) }, page),
    [range, status, version],
  );
  return (
    <>
      <StatusChips<(typeof WITHDRAW_STATUSES)[number]>
        statuses={WITHDRAW_STATUSES}
        value={status}
        onChange={setStatus}
        label={(s) => t(`status.withdraw.${s}`)}
      />
      <PagedList
        state={records}
        empty={
          <EmptyState
            title={t('history.noWithdrawals')}
            text={t('transactions.noWithdrawalsText')}
            action={
              <Link to="/finance/withdraw" className="btn btn--secondary">
                <span className="btn__label">{t('transactions.withdrawNow')}</span>
              </Link>
            }
          />
        }
      >
        {(list) => (
          <ul className="rows" aria-label={t('history.withdrawals')}>
            {list.map((r) => (
              <RecordRow
                key={r.orderNo}
                wallet={r.bank}
                amount={r.amount}
                createdAt={r.createdAt}
                orderNo={r.orderNo}
                account={r.account}
                remark={r.remark}
                statusClass={`status--w${r.status}`}
                statusText={t(`status.withdraw.${r.status}`)}
              />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

/** Deposit and withdrawal records (?tab=deposit|withdraw) with status and date filters, newest first. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
  const [range, setRange] = useState<DayRange>('all');
  return (
    <Page title={t('titles.transactionHistory')}>
      <Segmented<Tab>
        label={t('titles.transactionHistory')}
        value={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
        options={[
          { value: 'deposit', label: t('history.deposits') },
          { value: 'withdraw', label: t('history.withdrawals') },
        ]}
      />
      <DayRangeChips value={range} onChange={setRange} />
      {tab === 'deposit' ? <Deposits key="d" range={range} /> : <Withdrawals key="w" range={range} />}
    </Page>
  );
}
