import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChipFilter } from '../../components/chip-filter';
import { type DayRange, DayRangeChips, dayRangeQuery } from '../../components/day-range';
import { Page } from '../../components/page';
import { PagedList } from '../../components/paged-list';
import { EmptyState, Skeleton } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { getBalanceJournal } from '../../features/records/api/get-balance-journal';
import { getJournalTypes } from '../../features/records/api/get-journal-types';
import { formatDateTime, formatMoney, formatPoints } from '../../lib/format';
import { useRemote } from '../../lib/hooks';
import { usePagedList } from '../../lib/paged';
import '../../styles/wallet.css';

/** The journal type filter: all, then the server's translated types. */
function TypeChips({ value, onChange }: { value: string; onChange(type: string): void }) {
  const { t } = useTranslation();
  const types = useRemote(getJournalTypes);
  if (types.status === 'loading') return <Skeleton height={36} radius={18} />;
  const list = types.status === 'success' ? types.data : [];
  return (
    <ChipFilter<string>
      label={t('filters.type')}
      value={value}
      onChange={onChange}
      scroll
      options={[
        { value: '', label: t('filters.all') },
        ...list.map((item) => ({ value: item.type, label: item.name })),
      ]}
    />
  );
}

/** Records (/records): the balance journal by type and date, newest first, each change with the balance after. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState('');
  const [range, setRange] = useState<DayRange>('all');
  // a balance move (socket) shows up here without a manual refresh
  const balance = useAccountStore((s) => s.balance?.userAccountVO.balance);
  const journal = usePagedList(
    (page) => getBalanceJournal({ ...dayRangeQuery(range), ...(type ? { type } : {}) }, page),
    [type, range, balance],
  );
  return (
    <Page title={t('titles.records')}>
      <TypeChips value={type} onChange={setType} />
      <DayRangeChips value={range} onChange={setRange} />
      <PagedList
        state={journal}
        empty={
          <EmptyState
            title={t('records.empty')}
            text={type || range !== 'all' ? t('journal.emptyFiltered') : t('records.emptyText')}
            action={
              type || range !== 'all' ? (
                <button
                  type="button"
                  className="btn btn--secondary"
                  onClick={() => {
                    setType('');
                    setRange('all');
                  }}
                >
                  <span className="btn__label">{t('journal.clearFilters')}</span>
                </button>
              ) : (
                <Link to="/finance/recharge" className="btn btn--primary">
                  <span className="btn__label">{t('transactions.depositNow')}</span>
                </Link>
              )
            }
          />
        }
      >
        {(list) => (
          <ul className="rows" aria-label={t('titles.records')}>
            {list.map((entry) => (
              <li key={entry.id} className="row">
                <div className="row__main">
                  <p className="row__title">{entry.typeName}</p>
                  <p className="row__meta">{formatDateTime(entry.createdAt)}</p>
                  {entry.detail ? <p className="row__meta row__remark">{entry.detail}</p> : null}
                </div>
                <div className="row__value">
                  {entry.amount === 0 && entry.points !== 0 ? (
                    // a point credit moves points, not pesos: shown as points (not "0.00")
                    <>
                      <p className={entry.points > 0 ? 'text-success' : 'text-danger'}>
                        {t('records.points', {
                          amount: `${entry.points > 0 ? '+' : '-'}${formatPoints(Math.abs(entry.points))}`,
                        })}
                      </p>
                      <p className="row__meta">
                        {t('records.pointsAfter', { amount: formatPoints(entry.pointsAfter) })}
                      </p>
                    </>
                  ) : (
                    <>
                      <p className={entry.amount > 0 ? 'text-success' : entry.amount < 0 ? 'text-danger' : undefined}>
                        {entry.amount > 0 ? '+' : entry.amount < 0 ? '-' : ''}
                        {formatMoney(Math.abs(entry.amount))}
                      </p>
                      <p className="row__meta">{t('records.after', { amount: formatMoney(entry.balanceAfter) })}</p>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Page>
  );
}
