import { useTranslation } from 'react-i18next';
import type { Reward } from '../../../shared/contract/reward';
import { formatMoney } from '../lib/format';

/** The turnover a bonus needs before it can be withdrawn (bonus x multiple), in pesos. */
export const bonusTurnover = (bonus: number, multiple: number) => Math.round(bonus * multiple * 100) / 100;

/**
 * What a bonus requires before it is withdrawable, shown before its claim (docs/rewards.md "Bonus
 * wagering"): "Bet ₱80.00 before this ₱8.00 bonus can be withdrawn; your own money stays withdrawable."
 * Nothing when the bonus needs no turnover.
 */
export function BonusWageringNote({
  bonus,
  multiple,
  turnover = bonusTurnover(bonus, multiple ?? 0),
  className = 'bonus-note',
  testId,
}: {
  bonus: number;
  /** Turnover multiple of the bonus; or give the turnover itself. */
  multiple?: number;
  turnover?: number;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (bonus <= 0 || turnover <= 0) return null;
  return (
    <p className={className} data-testid={testId}>
      {t('wagering.beforeClaim', { turnover: formatMoney(turnover), bonus: formatMoney(bonus) })}
    </p>
  );
}

/** One note per cash reward of a claim (each cash grant opens its own wagering requirement). */
export function RewardsWageringNotes({
  rewards,
  multiple = 0,
  testId,
}: {
  rewards: Reward[];
  multiple?: number;
  testId?: string;
}) {
  return rewards
    .filter((r) => r.type === 'cash')
    .map((r, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the rewards of a claim are a fixed list
      <BonusWageringNote key={i} bonus={r.amount} multiple={multiple} testId={testId} />
    ));
}
