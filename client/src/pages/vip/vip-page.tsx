import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Reward } from '../../../../shared/contract/reward';
import { IconCards, IconChevronRight, IconTrophy } from '../../components/icons';
import { Page, Section } from '../../components/page';
import { ErrorState, Skeleton, SkeletonList } from '../../components/states';
import { useAccountStore } from '../../features/account/store';
import { FriendRebates } from '../../features/friend/components/friend-rebates';
import { FriendRewardRecords } from '../../features/friend/components/friend-reward-records';
import { InviteShare } from '../../features/friend/components/invite-share';
import { RankingClaim } from '../../features/friend/components/ranking-claim';
import { type FriendClaim, useFriendStore } from '../../features/friend/store';
import { BindSuperiorForm } from '../../features/user/components/bind-superior-form';
import { VipLevelTable } from '../../features/vip/components/vip-level-table';
import { VipRewards } from '../../features/vip/components/vip-rewards';
import { VipStatus } from '../../features/vip/components/vip-status';
import { useVipStore, type VipClaim } from '../../features/vip/store';
import { overlays } from '../../lib/overlays';
import '../../styles/vip.css';

const celebrate = (rewards: Reward[]) => overlays().openReward(rewards);

function StatusSkeleton() {
  return (
    <section className="card" aria-hidden="true">
      <Skeleton height={44} width="60%" />
      <div style={{ height: 16 }} />
      <Skeleton height={10} />
      <div style={{ height: 12 }} />
      <Skeleton height={10} />
    </section>
  );
}

/**
 * VIP (tab): status and activeness, the four VIP rewards with their claims, the poker collection entry,
 * the level table, then the friends card (share, referral rebates, ranking rewards, rewards record).
 */
export default function VipPage() {
  const { t } = useTranslation();
  const { card, error, load, claim, reset } = useVipStore();
  const friends = useFriendStore();
  const decrement = useAccountStore((s) => s.decrement);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per visit
  useEffect(() => {
    void load();
    void friends.loadCard();
    void friends.loadRankings();
    return () => {
      reset();
      friends.reset();
    };
  }, []);

  const claimVip = async (kind: VipClaim) => {
    celebrate(await claim(kind));
    decrement('vipTabRewardsNum');
  };
  const claimFriend = async (kind: FriendClaim) => celebrate(await friends.claim(kind));
  const claimRanking = async (periodId: string) => celebrate(await friends.claimRanking(periodId));

  return (
    <Page title={t('titles.vip')} back={false} className="vip-page">
      {card ? (
        <VipStatus card={card} />
      ) : error ? (
        <ErrorState message={error.message} onRetry={() => void load()} />
      ) : (
        <StatusSkeleton />
      )}

      <Section title={t('vipPage.rewards')}>
        {card ? <VipRewards card={card} onClaim={claimVip} /> : <SkeletonList rows={2} />}
      </Section>

      <Link to="/pokerCollection" className="card card--link promo-link">
        <span className="promo-link__icon" aria-hidden="true">
          <IconCards size={24} />
        </span>
        <span className="promo-link__text">
          <strong>{t('vipPage.poker')}</strong>
          <small>{t('vipPage.pokerText')}</small>
        </span>
        <IconChevronRight size={20} />
      </Link>

      {card ? (
        <Section title={t('vipPage.levels')}>
          <VipLevelTable card={card} />
        </Section>
      ) : null}

      <h2 className="vip-page__heading">{t('friends.title')}</h2>
      <Section title={t('friends.invite')}>
        {friends.card ? (
          <>
            <InviteShare card={friends.card} />
            <BindSuperiorForm />
          </>
        ) : friends.cardError ? (
          <ErrorState message={friends.cardError.message} onRetry={() => void friends.loadCard()} />
        ) : (
          <SkeletonList rows={2} />
        )}
      </Section>
      <Section title={t('friends.rebates')}>
        {friends.card ? <FriendRebates card={friends.card} onClaim={claimFriend} /> : <SkeletonList rows={1} />}
      </Section>
      <Section title={t('friends.ranking')}>
        {friends.rankings?.claimable ? (
          <RankingClaim
            claimable={friends.rankings.claimable}
            onClaim={() => claimRanking(friends.rankings?.claimable?.periodId ?? '')}
          />
        ) : null}
        <Link to="/inviteRank" className="card--link ranking-link">
          <IconTrophy size={22} />
          <span className="promo-link__text">
            <strong>
              {friends.rankings?.me.rank
                ? t('ranking.myRank', { rank: friends.rankings.me.rank })
                : t('ranking.notRanked')}
            </strong>
            <small>{t('ranking.invites', { count: friends.rankings?.me.invites ?? 0 })}</small>
          </span>
          <IconChevronRight size={20} />
        </Link>
      </Section>
      <Section title={t('friends.records')}>
        <FriendRewardRecords />
      </Section>
    </Page>
  );
}
