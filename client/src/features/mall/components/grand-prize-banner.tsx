import { useTranslation } from 'react-i18next';
import { BonusWageringNote } from '../../../components/bonus-wagering-note';
import { IconTrophy } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';

/** The gold banner of the 250,000.00 grand prize, marked once the player has won it. */
export function GrandPrizeBanner({
  amount,
  collected,
  claimed,
  turnoverMultiple = 0,
}: {
  amount: number;
  collected: number;
  claimed: boolean;
  /** Turnover multiple of the prize's cash (shown before it is won). */
  turnoverMultiple?: number;
}) {
  const { t } = useTranslation();
  return (
    <section className={`pk-banner${claimed ? ' is-claimed' : ''}`} aria-label={t('pokerEvent.grandPrize')}>
      <IconTrophy size={40} className="pk-banner__icon" />
      <div className="pk-banner__text">
        <p className="pk-banner__label">{t('pokerEvent.grandPrize')}</p>
        <p className="pk-banner__amount">₱ {formatMoney(amount)}</p>
        <p className="pk-banner__hint">
          {claimed ? t('pokerEvent.grandPrizeClaimed') : t('pokerEvent.grandPrizeHint', { count: 54 - collected })}
        </p>
        {claimed ? null : (
          <BonusWageringNote
            bonus={amount}
            multiple={turnoverMultiple}
            className="pk-banner__hint"
            testId="grand-prize-wagering"
          />
        )}
      </div>
      <div
        className="pk-banner__meter"
        role="progressbar"
        aria-label={t('pokerEvent.progress')}
        aria-valuemin={0}
        aria-valuemax={54}
        aria-valuenow={collected}
      >
        <span style={{ width: `${(collected / 54) * 100}%` }} />
      </div>
    </section>
  );
}
