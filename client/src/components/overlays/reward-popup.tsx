import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../shared/contract/reward';
import { appActions } from '../../lib/app-actions';
import { formatReward } from '../../lib/format';
import { playSound } from '../../lib/sound';
import { Modal } from '../dialog';
import { IconGift, IconStar, IconTicket } from '../icons';

const ICONS = { cash: IconStar, coupon: IconTicket, energy: IconStar, point: IconStar, other: IconGift } as const;

/**
 * The reward popup (spec section 4): plays the open sound and refreshes the balance when it opens;
 * closed by its X or by clicking a reward. Cash shows as "amount P", a coupon as "x amount".
 */
export function RewardPopup({ open, rewards, onClose }: { open: boolean; rewards: Reward[]; onClose(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    playSound('open');
    void appActions.refreshBalance().catch(() => {});
  }, [open]);
  return (
    <Modal open={open} onClose={onClose} className="reward-popup" title={t('reward.title')} closeOnOverlay={false}>
      <div className="reward-popup__burst" aria-hidden="true" />
      <ul className="reward-list">
        {rewards.map((reward, index) => {
          const Icon = ICONS[reward.type] ?? IconGift;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rewards carry no id
            <li key={index}>
              <button type="button" className={`reward reward--${reward.type}`} onClick={onClose}>
                <Icon size={28} className="reward__icon" />
                <span className="reward__amount">{formatReward(reward.type, reward.amount)}</span>
                <span className="reward__type">{reward.info || t(`reward.types.${reward.type}`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="reward-popup__hint">{t('reward.tapToCollect')}</p>
    </Modal>
  );
}
