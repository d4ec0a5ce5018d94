import { useTranslation } from 'react-i18next';
import type { VipCard } from '../../../../../shared/contract/vip';
import { IconCrown } from '../../../components/icons';
import { formatMoney } from '../../../lib/format';

function Meter({ label, percent, detail }: { label: string; percent: number; detail?: string }) {
  const rounded = Math.floor(percent);
  return (
    <div className="progress">
      <div className="progress__label">
        <span>{label}</span>
        <span>{detail ?? `${rounded}%`}</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuenow={rounded}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress__bar" style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
      </div>
    </div>
  );
}

/** The VIP status card: level, activeness and the progress of both thresholds towards the next level. */
export function VipStatus({ card }: { card: VipCard }) {
  const { t } = useTranslation();
  const axis = (p: VipCard['depositProgress']) =>
    p.next === null ? formatMoney(p.current) : `${formatMoney(p.current)} / ${formatMoney(p.next)}`;
  return (
    <section className="card vip-status" aria-labelledby="vip-status-title">
      <div className="vip-status__head">
        <span className="vip-status__badge" aria-hidden="true">
          <IconCrown size={30} />
        </span>
        <div>
          <h2 id="vip-status-title" className="vip-status__level" data-testid="vip-level">
            VIP {card.level}
          </h2>
          <p className="vip-status__next">
            {card.nextLevel === null ? t('vipPage.topLevel') : t('vipPage.nextLevel', { level: card.nextLevel })}
          </p>
        </div>
        <div className="vip-status__activeness">
          <span className="vip-status__activeness-value">{Math.round(card.activenessPercent)}%</span>
          <span className="vip-status__activeness-label">{t('vipPage.activeness')}</span>
        </div>
      </div>
      <Meter
        label={t('vipPage.depositProgress')}
        percent={card.depositProgress.percent}
        detail={axis(card.depositProgress)}
      />
      <Meter
        label={t('vipPage.turnoverProgress')}
        percent={card.turnoverProgress.percent}
        detail={axis(card.turnoverProgress)}
      />
      <p className="form__note">{t('vipPage.activenessHint')}</p>
    </section>
  );
}
