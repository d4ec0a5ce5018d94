import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteState } from '../lib/hooks';
import { Button } from './button';
import { IconAlertCircle, IconInfo, IconRefresh } from './icons';

export function Skeleton({
  width,
  height = 16,
  radius,
  className,
}: {
  width?: number | string;
  height?: number | string;
  radius?: number;
  className?: string;
}) {
  return (
    <span
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width: width ?? '100%', height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/** A list placeholder while loading. */
export function SkeletonList({ rows = 4, label }: { rows?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={label ?? t('common.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div className="skeleton-row" key={i}>
          <Skeleton width={44} height={44} radius={10} />
          <div className="skeleton-row__lines">
            <Skeleton width="70%" />
            <Skeleton width="45%" height={12} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A game grid placeholder shaped like the tiles (square thumbnail, name, provider), four rows by
 * default: what follows the grid (the footer) stays below the first screen until the games arrive,
 * so it does not jump when they do.
 */
export function SkeletonGrid({ count = 12 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="tile-grid" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <span key={i} className="skeleton-tile" aria-hidden="true">
          <Skeleton height="auto" radius={12} className="skeleton-tile__thumb" />
          <Skeleton height={13} width="75%" />
          <Skeleton height={11} width="50%" />
        </span>
      ))}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <IconInfo size={36} className="state__icon" />
      <p className="state__title">{title}</p>
      {text ? <p className="state__text">{text}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert">
      <IconAlertCircle size={36} className="state__icon" />
      <p className="state__title">{t('states.errorTitle')}</p>
      <p className="state__text">{message || t('states.errorText')}</p>
      {onRetry ? (
        <div className="state__action">
          <Button variant="secondary" onClick={onRetry}>
            <IconRefresh size={18} /> {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Loading skeleton, error with retry, empty with a next step, else the content. */
export function RemoteView<T>({
  state,
  skeleton,
  isEmpty,
  empty,
  children,
}: {
  state: RemoteState<T> & { reload(): void };
  skeleton?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children(data: T): ReactNode;
}) {
  if (state.status === 'loading') return <>{skeleton ?? <SkeletonList />}</>;
  if (state.status === 'error') return <ErrorState message={state.error.message} onRetry={state.reload} />;
  if (isEmpty?.(state.data)) return <>{empty}</>;
  return <>{children(state.data)}</>;
}
