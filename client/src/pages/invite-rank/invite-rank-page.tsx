import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page, Section } from '../../components/page';
import { ErrorState, SkeletonList } from '../../components/states';
import { RankingClaim } from '../../features/friend/components/ranking-claim';
import { RankingPrizes } from '../../features/friend/components/ranking-prizes';
import { RankingStandings } from '../../features/friend/components/ranking-standings';
import { useFriendStore } from '../../features/friend/store';
import { formatDate } from '../../lib/format';
import { overlays } from '../../lib/overlays';
import '../../styles/vip.css';

/** Invite ranking: the running week's standings, the player's rank, the prizes and a finished week's claim. */
export default function InviteRankPage() {
  const { t } = useTranslation();
  const { rankings, rankingsError, loadRankings, claimRanking, reset } = useFriendStore();

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per visit
  useEffect(() => {
    void loadRankings();
    return reset;
  }, []);

  if (!rankings) {
    return (
      <Page title={t('titles.inviteRank')}>
        {rankingsError ? (
          <ErrorState message={rankingsError.message} onRetry={() => void loadRankings()} />
        ) : (
          <SkeletonList rows={5} />
        )}
      </Page>
    );
  }

  const lastDay = new Date(Date.parse(rankings.period.endAt) - 1).toISOString();
  return (
    <Page title={t('titles.inviteRank')} className="rank-page">
      <section className="card rank-hero">
        <p className="rank-hero__period">
          {t('ranking.period', { from: formatDate(rankings.period.startAt), to: formatDate(lastDay) })}
        </p>
        <div className="rank-hero__me">
          <div>
            <span className="rank-hero__label">{t('ranking.mine')}</span>
            <strong className="rank-hero__value" data-testid="my-rank">
              {rankings.me.rank ?? '-'}
            </strong>
          </div>
          <div>
            <span className="rank-hero__label">{t('ranking.myInvites')}</span>
            <strong className="rank-hero__value">{rankings.me.invites}</strong>
          </div>
        </div>
        <p className="form__note">{t('ranking.hint')}</p>
      </section>

      {rankings.claimable ? (
        <RankingClaim
          claimable={rankings.claimable}
          onClaim={async () => {
            const periodId = rankings.claimable?.periodId ?? '';
            overlays().openReward(await claimRanking(periodId));
          }}
        />
      ) : null}

      <Section title={t('ranking.standings')}>
        <RankingStandings rankings={rankings} />
      </Section>
      <Section title={t('ranking.prizes')}>
        <RankingPrizes prizes={rankings.prizes} />
      </Section>
      <Section title={t('ranking.rules')}>
        <ul className="bullets">
          <li>{t('ranking.rule1')}</li>
          <li>{t('ranking.rule2')}</li>
          <li>{t('ranking.rule3')}</li>
        </ul>
      </Section>
    </Page>
  );
}
