import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../../../shared/contract/reward';
import { formatReward } from '../../../lib/format';

/** Rewards in one line: "50.00P Cash · x1 Coupon". */
export function RewardText({ rewards }: { rewards: Reward[] }) {
  const { t } = useTranslation();
  return (
    <span className="reward-text">
      {rewards.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rewards carry no id
        <span key={i} className={`reward-text__item reward-text__item--${r.type}`}>
          {formatReward(r.type, r.amount)} {r.info || t(`reward.types.${r.type}`)}
        </span>
      ))}
    </span>
  );
}
