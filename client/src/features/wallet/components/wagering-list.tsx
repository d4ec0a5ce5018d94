import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states';
import { formatMoney } from '../../../lib/format';
import type { WageringView } from '../api/get-wagering';

const SOURCES = ['deposit', 'signin', 'dailyDeposit', 'returnGift', 'task', 'poker', 'carried'] as const;

/**
 * The open bonus wagering requirements (GET /api/withdraw/wagering), oldest first: each bonus, the
 * turnover it asks with a progress bar, and what it locks. Only the bonuses are locked: the rest of the
 * balance is the player's own and stays withdrawable.
 */
export function WageringList({ data, restricted = false }: { data: WageringView; restricted?: boolean }) {
  const { t } = useTranslation();
  // A restricted account (past the 7-day deadline unverified) can withdraw nothing, whatever is unlocked.
  if (data.list.length === 0) {
    return (
      <EmptyState
        title={t('wagering.none')}
        text={restricted ? t('wagering.noneRestricted') : t('wagering.noneText')}
      />
    );
  }
  return (
    <div className="wagering" data-testid="wagering">
      <p className="form__note">
        {restricted
          ? t('wagering.summaryRestricted', { locked: formatMoney(data.locked) })
          : t('wagering.summary', { locked: formatMoney(data.locked), free: formatMoney(data.withdrawalAmount) })}
      </p>
      <ul className="wagering__list">
        {data.list.map((r) => {
          const percent = r.turnoverRequired > 0 ? (r.turnoverDone / r.turnoverRequired) * 100 : 100;
          const source = (SOURCES as readonly string[]).includes(r.source) ? r.source : 'other';
          return (
            <li key={r.id} className="wagering__item" data-testid="wagering-item">
              <div className="wagering__head">
                <strong>{t(`wagering.source.${source}`)}</strong>
                <span className="wagering__bonus">₱ {formatMoney(r.bonus)}</span>
              </div>
              <div
                className="wagering__track"
                role="progressbar"
                aria-label={t('wagering.progressLabel', { bonus: formatMoney(r.bonus) })}
                aria-valuenow={Math.floor(percent)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="wagering__bar" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
              </div>
              <div className="wagering__facts">
                <span>
                  {t('wagering.progress', {
                    done: formatMoney(r.turnoverDone),
                    required: formatMoney(r.turnoverRequired),
                  })}
                </span>
                <span>{t('wagering.locks', { amount: formatMoney(r.bonus) })}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
