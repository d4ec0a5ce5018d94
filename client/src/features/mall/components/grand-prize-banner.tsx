import { useTranslation } from 'react-i18next';
import { IconTrophy } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';

/** The gold banner of the 250,000.00 grand prize, marked once the player has won it. */
export function GrandPrizeBanner({
  amount,
  collected,
  claimed,
}: {
  amount: number;
  collected: number;
  claimed: boolean;
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
