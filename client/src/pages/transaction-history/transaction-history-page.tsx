import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Segmented } from '../../components/fields';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getDepositRecords } from '../../features/wallet/api/get-deposit-records';
import { getWithdrawRecords } from '../../features/wallet/api/get-withdraw-records';
import { WALLET_LABELS } from '../../features/wallet/components/wallet-labels';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

type Tab = 'deposit' | 'withdraw';

/** One deposit or withdrawal line: wallet and amount, time and order number, its status badge. */
function RecordRow(props: {
  wallet: keyof typeof WALLET_LABELS;
  amount: number;
  createdAt: string;
  orderNo: string;
  remark?: string;
  statusClass: string;
  statusText: string;
}) {
  return (
    <li className="row">
      <div className="row__main">
        <p className="row__title">
          {WALLET_LABELS[props.wallet]} · ₱ {formatMoney(props.amount)}
        </p>
        <p className="row__meta">
          {formatDateTime(props.createdAt)} · {props.orderNo}
        </p>
        {props.remark ? <p className="row__meta">{props.remark}</p> : null}
      </div>
      <span className={`status ${props.statusClass}`}>{props.statusText}</span>
    </li>
  );
}

function Deposits() {
  const { t } = useTranslation();
  const records = useRemote(getDepositRecords);
  return (
    <RemoteView
      state={records}
      isEmpty={(d) => d.list.length === 0}
      empty={<EmptyState title={t('history.noDeposits')} />}
    >
      {(data) => (
        <ul className="rows">
          {data.list.map((r) => (
            <RecordRow
              key={r.orderNo}
              wallet={r.channel}
              amount={r.amount}
              createdAt={r.createdAt}
              orderNo={r.orderNo}
              statusClass={`status--d${r.status}`}
              statusText={t(`status.deposit.${r.status}`)}
            />
          ))}
        </ul>
      )}
    </RemoteView>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  const records = useRemote(getWithdrawRecords);
  return (
    <RemoteView
      state={records}
      isEmpty={(d) => d.list.length === 0}
      empty={<EmptyState title={t('history.noWithdrawals')} />}
    >
      {(data) => (
        <ul className="rows">
          {data.list.map((r) => (
            <RecordRow
              key={r.orderNo}
              wallet={r.bank}
              amount={r.amount}
              createdAt={r.createdAt}
              orderNo={r.orderNo}
              remark={r.remark}
              statusClass={`status--w${r.status}`}
              statusText={t(`status.withdraw.${r.status}`)}
            />
          ))}
        </ul>
      )}
    </RemoteView>
  );
}

/** Deposit and withdrawal records with their statuses (?tab=deposit|withdraw). */
export default function TransactionHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit';
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
      {tab === 'deposit' ? <Deposits /> : <Withdrawals />}
    </Page>
  );
}
