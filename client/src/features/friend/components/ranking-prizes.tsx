import { useTranslation } from 'react-i18next';
import { formatReward } from '../../../lib/format';
import type { InviteRankings } from '../store';

/** What each rank band wins at the end of the week. */
export function RankingPrizes({ prizes }: { prizes: InviteRankings['prizes'] }) {
  const { t } = useTranslation();
  return (
    <ul className="rows">
      {prizes.map((p) => (
        <li key={`${p.rankFrom}-${p.rankTo}`} className="row">
          <span className={`rank-medal rank-medal--${p.rankFrom === p.rankTo && p.rankFrom <= 3 ? p.rankFrom : 'n'}`}>
            {p.rankFrom}
          </span>
          <div className="row__main">
            <p className="row__title">
              {p.rankFrom === p.rankTo
                ? t('ranking.rank', { rank: p.rankFrom })
                : t('ranking.ranks', { from: p.rankFrom, to: p.rankTo })}
            </p>
          </div>
          <span className="row__value reward-amount">
            {p.rewards
              .map(
                (r) => `${formatReward(r.type, r.amount)}${r.type === 'cash' ? '' : ` ${t(`reward.types.${r.type}`)}`}`,
              )
              .join(' + ')}
          </span>
        </li>
      ))}
    </ul>
  );
}
