import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { EmptyState, RemoteView } from '../../components/states';
import { getBalanceJournal } from '../../features/records/api/get-balance-journal';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useRemote } from '../../lib/hooks';

/** Records: the balance journal, newest first. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const journal = useRemote(getBalanceJournal);
  return (
    <Page title={t('titles.records')}>
      <RemoteView
        state={journal}
        isEmpty={(d) => d.list.length === 0}
        empty={<EmptyState title={t('records.empty')} text={t('records.emptyText')} />}
      >
        {(data) => (
          <ul className="rows">
            {data.list.map((entry) => (
              <li key={entry.id} className="row">
                <div className="row__main">
                  <p className="row__title">{entry.typeName}</p>
                  <p className="row__meta">{formatDateTime(entry.createdAt)}</p>
                </div>
                <div className="row__value">
                  <p className={entry.amount >= 0 ? 'text-success' : 'text-danger'}>
                    {entry.amount >= 0 ? '+' : '-'}
                    {formatMoney(Math.abs(entry.amount))}
                  </p>
                  <p className="row__meta">{t('records.after', { amount: formatMoney(entry.balanceAfter) })}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </RemoteView>
    </Page>
  );
}
