import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { EmptyState, ErrorState, SkeletonList } from '../../../components/states';
import { formatDateTime, formatMoney, formatReward } from '../../../lib/format';
import { type FriendRewardKind, getFriendRewardRecords } from '../api/get-friend-reward-records';
import { useFriendStore } from '../store';

type Row = Awaited<ReturnType<typeof getFriendRewardRecords>>['list'][number];

const PAGE_SIZE = 10;
const FILTERS: (FriendRewardKind | 'all')[] = ['all', 'deposit', 'turnover', 'ranking'];

/** Rewards earned from referrals, newest first, filtered by kind, ten at a time. */
export function FriendRewardRecords() {
  const { t } = useTranslation();
  const claims = useFriendStore((s) => s.claims);
  const [kind, setKind] = useState<FriendRewardKind | 'all'>('all');
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<Error | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: claims and round only ask for a reload
  useEffect(() => {
    let alive = true;
    setError(null);
    getFriendRewardRecords({ ...(kind === 'all' ? {} : { kind }), page: 1, size: PAGE_SIZE }).then(
      (page) => {
        if (!alive) return;
        setRows(page.list);
        setTotal(page.total);
      },
      (e: unknown) => alive && setError(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      alive = false;
    };
  }, [kind, claims, round]);

  const more = async () => {
    const page = await getFriendRewardRecords({
      ...(kind === 'all' ? {} : { kind }),
      page: Math.floor((rows?.length ?? 0) / PAGE_SIZE) + 1,
      size: PAGE_SIZE,
    });
    setRows((current) => [...(current ?? []), ...page.list.filter((r) => !current?.some((c) => c.id === r.id))]);
    setTotal(page.total);
  };

  return (
    <div className="friend-records">
      <div className="chips" role="tablist" aria-label={t('friends.records')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={kind === f}
            className={`chip${kind === f ? ' chip--active' : ''}`}
            onClick={() => {
              setRows(null);
              setKind(f);
            }}
          >
            {t(`friends.kinds.${f}`)}
          </button>
        ))}
      </div>
      {error && !rows ? (
        <ErrorState message={error.message} onRetry={() => setRound((r) => r + 1)} />
      ) : rows === null ? (
        <SkeletonList rows={3} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('friends.noRecords')} text={t('friends.noRecordsText')} />
      ) : (
        <>
          <ul className="rows">
            {rows.map((r) => (
              <li key={r.id} className="row">
                <div className="row__main">
                  <p className="row__title">
                    {t(`friends.kinds.${r.kind}`)}
                    {r.friendName ? ` · ${r.friendName}` : ''}
                  </p>
                  <p className="row__meta">
                    {formatDateTime(r.createdAt)}
                    {r.kind === 'ranking' ? '' : ` · ${t('friends.base', { amount: formatMoney(r.baseAmount) })}`}
                  </p>
                </div>
                <div className="row__value">
                  <p>{formatReward('cash', r.amount)}</p>
                  <span className={`status ${r.claimed ? 'status--d1' : ''}`}>
                    {r.claimed ? t('friends.claimed') : t('friends.unclaimed')}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {rows.length < total ? (
            <Button variant="ghost" block onClick={more}>
              {t('friends.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
