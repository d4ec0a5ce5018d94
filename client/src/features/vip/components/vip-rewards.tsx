import { useTranslation } from 'react-i18next';
import type { VipCard } from '../../../../../shared/contract/vip';
import { BonusWageringNote } from '../../../components/bonus-wagering-note';
import { IconCalendar, IconGift, IconRefresh, IconWallet } from '../../../components/icons';
import { RewardTile } from '../../../components/reward-tile';
import { formatDateTime, formatReward } from '../../../lib/format';
import type { VipClaim } from '../store';

/** The four VIP rewards of the VIP screen: daily login, monthly, deposit rebate, turnover rebate. */
export function VipRewards({ card, onClaim }: { card: VipCard; onClaim(kind: VipClaim): Promise<unknown> }) {
  const { t } = useTranslation();
  const current = card.levels.find((l) => l.level === card.level);
  const next = (iso: string) => t('vipPage.nextAt', { time: formatDateTime(iso) });
  const cash = (pesos: number) => formatReward('cash', pesos);
  return (
    <>
      <div className="reward-grid">
        <RewardTile
          testId="vip-daily"
          icon={<IconCalendar size={20} />}
          title={t('vipPage.daily')}
          amount={cash(card.daily.amount)}
          note={card.daily.claimable ? t('vipPage.availableNow') : next(card.daily.nextClaimAt)}
          claimable={card.daily.claimable}
          claimLabel={t('vipPage.claim')}
          idleLabel={card.daily.amount > 0 ? t('vipPage.claimed') : t('vipPage.locked')}
          onClaim={() => onClaim('daily')}
        />
        <RewardTile
          testId="vip-monthly"
          icon={<IconGift size={20} />}
          title={t('vipPage.monthly')}
          amount={cash(card.monthly.amount)}
          note={
            card.monthly.amount <= 0
              ? t('vipPage.monthlyLocked')
              : card.monthly.claimable
                ? t('vipPage.availableNow')
                : next(card.monthly.nextClaimAt)
          }
          claimable={card.monthly.claimable}
          claimLabel={t('vipPage.claim')}
          idleLabel={card.monthly.amount > 0 ? t('vipPage.claimed') : t('vipPage.locked')}
          onClaim={() => onClaim('monthly')}
        />
        <RewardTile
          testId="vip-deposit-rebate"
          icon={<IconWallet size={20} />}
          title={t('vipPage.depositRebate')}
          amount={cash(card.depositRebate.claimable)}
          note={t('vipPage.depositRebateRate', { rate: current?.depositRebateRate ?? 0 })}
          claimable={card.depositRebate.claimable > 0}
          claimLabel={t('vipPage.claim')}
          idleLabel={t('vipPage.nothingYet')}
          onClaim={() => onClaim('deposit')}
        />
        <RewardTile
          testId="vip-turnover-rebate"
          icon={<IconRefresh size={20} />}
          title={t('vipPage.turnoverRebate')}
          amount={cash(card.turnoverRebate.claimable)}
          note={t('vipPage.turnoverRebateRate', { rate: current?.rebateRate ?? 0 })}
          claimable={card.turnoverRebate.claimable > 0}
          claimLabel={t('vipPage.claim')}
          idleLabel={t('vipPage.nothingYet')}
          onClaim={() => onClaim('turnover')}
        />
      </div>
      {card.daily.claimable && (
        <BonusWageringNote
          bonus={card.daily.amount}
          multiple={card.daily.turnoverMultiple}
          testId="vip-daily-wagering"
        />
      )}
      {card.monthly.claimable && (
        <BonusWageringNote
          bonus={card.monthly.amount}
          multiple={card.monthly.turnoverMultiple}
          testId="vip-monthly-wagering"
        />
      )}
    </>
  );
}
