import { useTranslation } from 'react-i18next';
import { IconRefresh, IconWallet } from '../../../components/icons';
import { RewardTile } from '../../../components/reward-tile';
import { formatMoney, formatReward } from '../../../lib/format';
import type { FriendCard, FriendClaim } from '../store';

/** Referral deposit rebate and referral turnover rebate, each with its claim. */
export function FriendRebates({ card, onClaim }: { card: FriendCard; onClaim(kind: FriendClaim): Promise<unknown> }) {
  const { t } = useTranslation();
  const line = (kind: FriendClaim) => (kind === 'deposit' ? card.depositRebate : card.turnoverRebate);
  return (
    <div className="reward-grid">
      {(['deposit', 'turnover'] as const).map((kind) => (
        <RewardTile
          key={kind}
          testId={`friend-${kind}-rebate`}
          icon={kind === 'deposit' ? <IconWallet size={20} /> : <IconRefresh size={20} />}
          title={t(`friends.${kind}Rebate`)}
          amount={formatReward('cash', line(kind).claimable)}
          note={t(`friends.${kind}Rate`, { rate: line(kind).rate, earned: formatMoney(line(kind).totalEarned) })}
          claimable={line(kind).claimable > 0}
          claimLabel={t('vipPage.claim')}
          idleLabel={t('vipPage.nothingYet')}
          onClaim={() => onClaim(kind)}
        />
      ))}
    </div>
  );
}
