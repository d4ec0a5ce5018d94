import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../../shared/contract/reward';
import { RewardsWageringNotes } from '../../../components/bonus-wagering-note';
import { Section } from '../../../components/page';
import { RemoteView } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useRefreshable } from '../../../lib/use-refreshable';
import { claimReturnGift } from '../api/claim-return-gift';
import { getReturnGift } from '../api/get-return-gift';
import { ClaimButton } from './claim-button';
import { RewardText } from './reward-text';

/** Return Gift Pack: for a player back after some days without login or deposit, claimable for a while. */
export function ReturnGift({ onRewards, refreshKey }: { onRewards(rewards: Reward[]): void; refreshKey?: number }) {
  const { t } = useTranslation();
  const state = useRefreshable(getReturnGift, [refreshKey]);
  return (
    <RemoteView state={state}>
      {(data) => (
        <Section className="bonus-hero">
          <p className="bonus-hero__label">{t('menu.returnGiftPack')}</p>
          <p className="bonus-hero__gift">
            <RewardText rewards={data.rewards} />
          </p>
          <p className="bonus-hero__text">
            {t('bonus.returnRule', { away: data.awayDays, days: data.claimDays, multiple: data.turnoverMultiple })}
          </p>
          {data.status === 'available' && data.expiresAt ? (
            <p className="bonus-hero__count">{t('bonus.returnUntil', { date: formatDateTime(data.expiresAt) })}</p>
          ) : null}
          {data.status === 'none' ? <p className="bonus-hero__count">{t('bonus.returnNone')}</p> : null}
          {data.status === 'available' ? (
            <RewardsWageringNotes
              rewards={data.rewards}
              multiple={data.turnoverMultiple}
              testId="return-gift-wagering"
            />
          ) : null}
          <div className="bonus-hero__action">
            <ClaimButton
              status={data.status === 'none' ? 'locked' : data.status}
              pending={t('bonus.notEligible')}
              testId="return-gift-claim"
              onClaim={async () => {
                const { rewards } = await claimReturnGift();
                state.refresh();
                onRewards(rewards);
              }}
            />
          </div>
        </Section>
      )}
    </RemoteView>
  );
}
