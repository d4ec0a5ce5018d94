import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { IconTrophy } from '../../../components/icons';
import { formatDate, formatReward } from '../../../lib/format';
import type { InviteRankings } from '../store';

/** An unclaimed prize of a finished week, with its claim button. */
export function RankingClaim({
  claimable,
  onClaim,
}: {
  claimable: NonNullable<InviteRankings['claimable']>;
  onClaim(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const weekOf = formatDate(`${claimable.periodId}T00:00:00+08:00`);
  return (
    <section className="card ranking-claim" data-testid="ranking-claimable">
      <IconTrophy size={32} className="ranking-claim__icon" />
      <div className="ranking-claim__text">
        <p className="ranking-claim__title">{t('ranking.claimTitle', { rank: claimable.rank })}</p>
        <p className="form__note">
          {t('ranking.claimText', {
            week: weekOf,
            rewards: claimable.rewards.map((r) => formatReward(r.type, r.amount)).join(' + '),
          })}
        </p>
      </div>
      <Button variant="accent" size="sm" onClick={onClaim}>
        {t('ranking.claim')}
      </Button>
    </section>
  );
}
