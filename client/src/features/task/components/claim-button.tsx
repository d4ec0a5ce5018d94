import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';

/** Claim / Claimed / the reason it is not claimable yet; shows progress and refuses double taps. */
export function ClaimButton({
  status,
  onClaim,
  pending,
  testId,
}: {
  status: 'available' | 'claimed' | 'locked';
  onClaim(): Promise<unknown>;
  /** The text when not claimable yet (default: In progress). */
  pending?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (status === 'claimed') {
    return (
      <Button size="sm" variant="secondary" disabled data-testid={testId}>
        {t('bonus.claimed')}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant={status === 'available' ? 'accent' : 'secondary'}
      disabled={status !== 'available'}
      onClick={onClaim}
      data-testid={testId}
    >
      {status === 'available' ? t('bonus.claim') : (pending ?? t('bonus.inProgress'))}
    </Button>
  );
}

/** A thin progress bar with its numbers for screen readers. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-label={label}
    >
      <span className="progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
