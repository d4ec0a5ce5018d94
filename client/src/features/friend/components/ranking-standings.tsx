import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states';
import type { InviteRankings } from '../store';

/** The running week's standings, best first, the top three with a medal; the player's row is marked. */
export function RankingStandings({ rankings }: { rankings: InviteRankings }) {
  const { t } = useTranslation();
  if (rankings.list.length === 0) {
    return <EmptyState title={t('ranking.empty')} text={t('ranking.emptyText')} />;
  }
  return (
    <ol className="rows rank-list" aria-label={t('ranking.standings')}>
      {rankings.list.map((entry) => (
        <li
          key={entry.rank}
          className={`row${entry.rank === rankings.me.rank ? ' row--me' : ''}`}
          aria-current={entry.rank === rankings.me.rank || undefined}
        >
          <span className={`rank-medal rank-medal--${entry.rank <= 3 ? entry.rank : 'n'}`}>{entry.rank}</span>
          <div className="row__main">
            <p className="row__title">
              {entry.username}
              {entry.rank === rankings.me.rank ? ` (${t('ranking.you')})` : ''}
            </p>
          </div>
          <span className="row__value">{t('ranking.invites', { count: entry.invites })}</span>
        </li>
      ))}
    </ol>
  );
}
