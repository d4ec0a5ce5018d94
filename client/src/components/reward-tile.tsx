import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * One claimable reward: icon, title, amount, a line about when or how, and its claim button (progress while
 * the claim runs, disabled when there is nothing to claim).
 */
export function RewardTile({
  icon,
  title,
  amount,
  note,
  claimable,
  claimLabel,
  idleLabel,
  onClaim,
  testId,
}: {
  icon: ReactNode;
  title: string;
  amount: string;
  note?: ReactNode;
  claimable: boolean;
  claimLabel: string;
  /** The button's text when there is nothing to claim (Claimed, Not yet...). */
  idleLabel: string;
  onClaim(): Promise<unknown>;
  testId?: string;
}) {
  return (
    <article className={`reward-tile${claimable ? ' reward-tile--ready' : ''}`} data-testid={testId}>
      <div className="reward-tile__head">
        <span className="reward-tile__icon" aria-hidden="true">
          {icon}
        </span>
        <h3 className="reward-tile__title">{title}</h3>
      </div>
      <p className="reward-tile__amount">{amount}</p>
      {note ? <p className="reward-tile__note">{note}</p> : null}
      <Button variant={claimable ? 'accent' : 'secondary'} size="sm" block disabled={!claimable} onClick={onClaim}>
        {claimable ? claimLabel : idleLabel}
      </Button>
    </article>
  );
}
