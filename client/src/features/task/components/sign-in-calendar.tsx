import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../../shared/contract/reward';
import { Button } from '../../../components/button';
import { Section } from '../../../components/page';
import { RemoteView } from '../../../components/states';
import { formatMoney, formatReward } from '../../../lib/format';
import { useRefreshable } from '../../../lib/use-refreshable';
import { claimSignIn } from '../api/claim-sign-in';
import { getSignIn } from '../api/get-sign-in';

/**
 * 30 Day Bonus: one sign-in per Manila day, day 1 being the sign-up bonus; after the free days a sign-in
 * needs a deposit that day. Tapping a later day answers 'Sign-in date not arrived' from the server.
 */
export function SignInCalendar({ onRewards, refreshKey }: { onRewards(rewards: Reward[]): void; refreshKey?: number }) {
  const { t } = useTranslation();
  const state = useRefreshable(getSignIn, [refreshKey]);
  const sign = async (day: number) => {
    const { rewards } = await claimSignIn(day);
    state.refresh();
    onRewards(rewards);
  };
  return (
    <RemoteView state={state}>
      {(data) => {
        const next = data.nextDay === null ? null : data.days[data.nextDay - 1];
        return (
          <>
            <Section className="bonus-hero">
              <p className="bonus-hero__label">{t('bonus.signUpBonus')}</p>
              <p className="bonus-hero__amount">{formatReward('cash', data.signUpBonus)}</p>
              <p className="bonus-hero__text">
                {t('bonus.signInRule', { free: data.freeDays, min: formatMoney(data.minDeposit) })}
              </p>
              <p className="bonus-hero__count">
                {t('bonus.signedDays', { count: data.signedDays, total: data.totalDays })}
              </p>
              {next ? (
                <Button
                  block
                  variant="accent"
                  disabled={next.status !== 'available'}
                  onClick={() => sign(next.day)}
                  data-testid="sign-in-today"
                >
                  {next.status === 'available'
                    ? t('bonus.signInDay', { day: next.day })
                    : next.status === 'deposit'
                      ? t('bonus.depositFirst', { min: formatMoney(data.minDeposit) })
                      : t('bonus.comeBackTomorrow')}
                </Button>
              ) : (
                <p className="bonus-hero__done">{t('bonus.allSigned')}</p>
              )}
            </Section>
            <ol className="calendar" aria-label={t('menu.bonus30Day')}>
              {data.days.map((d) => (
                <li key={d.day}>
                  <button
                    type="button"
                    className={`calendar__day calendar__day--${d.status}`}
                    onClick={() => (d.status === 'claimed' ? undefined : sign(d.day).catch(() => {}))}
                    aria-label={`${t('bonus.day', { day: d.day })}: ${formatReward('cash', d.rewards[0]?.amount ?? 0)}, ${t(`bonus.status.${d.status}`)}`}
                  >
                    <span className="calendar__n">{t('bonus.day', { day: d.day })}</span>
                    <span className="calendar__amount">{formatReward('cash', d.rewards[0]?.amount ?? 0)}</span>
                  </button>
                </li>
              ))}
            </ol>
            <p className="bonus-note">{t('bonus.turnoverNote', { multiple: data.turnoverMultiple })}</p>
          </>
        );
      }}
    </RemoteView>
  );
}
