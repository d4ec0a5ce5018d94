import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Reward } from '../../../../../shared/contract/reward';
import { RewardsWageringNotes } from '../../../components/bonus-wagering-note';
import { Section } from '../../../components/page';
import { RemoteView } from '../../../components/states';
import { formatMoney } from '../../../lib/format';
import { useRefreshable } from '../../../lib/use-refreshable';
import { claimDailyDeposit } from '../api/claim-daily-deposit';
import { getDailyDeposit } from '../api/get-daily-deposit';
import { ClaimButton, ProgressBar } from './claim-button';
import { RewardText } from './reward-text';

/** Daily Deposit Bonus: today's deposits unlock tiers, each claimed once a day, bonus turned over 10x. */
export function DailyDeposit({ onRewards, refreshKey }: { onRewards(rewards: Reward[]): void; refreshKey?: number }) {
  const { t } = useTranslation();
  const state = useRefreshable(getDailyDeposit, [refreshKey]);
  return (
    <RemoteView state={state}>
      {(data) => (
        <>
          <Section className="bonus-hero">
            <p className="bonus-hero__label">{t('bonus.depositedToday')}</p>
            <p className="bonus-hero__amount">₱ {formatMoney(data.deposited)}</p>
            <p className="bonus-hero__text">{t('bonus.dailyDepositRule', { multiple: data.turnoverMultiple })}</p>
            <Link to="/finance/recharge" className="btn btn--primary btn--md btn--block">
              {t('menu.deposit')}
            </Link>
          </Section>
          <Section title={t('bonus.tiers')}>
            <ul className="task-list">
              {data.tiers.map((tier) => (
                <li key={tier.tier} className="task" data-testid={`tier-${tier.tier}`}>
                  <div className="task__main">
                    <p className="task__title">{t('bonus.tierTitle', { amount: formatMoney(tier.deposit) })}</p>
                    <RewardText rewards={tier.rewards} />
                    <RewardsWageringNotes
                      rewards={tier.rewards}
                      multiple={data.turnoverMultiple}
                      testId={`tier-${tier.tier}-wagering`}
                    />
                    <ProgressBar
                      value={Math.min(data.deposited, tier.deposit)}
                      max={tier.deposit}
                      label={t('bonus.tiers')}
                    />
                    <p className="task__progress">
                      {formatMoney(Math.min(data.deposited, tier.deposit))} / {formatMoney(tier.deposit)}
                    </p>
                  </div>
                  <ClaimButton
                    status={tier.status}
                    pending={t('bonus.depositMore')}
                    onClaim={async () => {
                      const { rewards } = await claimDailyDeposit(tier.tier);
                      state.refresh();
                      onRewards(rewards);
                    }}
                  />
                </li>
              ))}
            </ul>
          </Section>
        </>
      )}
    </RemoteView>
  );
}
