import type { ReactNode } from 'react';
import '../styles/lists.css';
import { useTranslation } from 'react-i18next';
import type { PagedState } from '../lib/paged';
import { Button } from './button';
import { ErrorState, SkeletonList } from './states';

/** A paged list's states: skeleton, error with retry, empty with a next step, rows and "load more". */
export function PagedList<T>({
  state,
  empty,
  skeleton,
  children,
}: {
  state: PagedState<T> & { hasMore: boolean; loadingMore: boolean; loadMore(): Promise<void>; reload(): void };
  empty: ReactNode;
  skeleton?: ReactNode;
  children(items: T[]): ReactNode;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <>{skeleton ?? <SkeletonList />}</>;
  if (state.status === 'error') return <ErrorState message={state.error.message} onRetry={state.reload} />;
  if (state.items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(state.items)}
      {state.hasMore ? (
        <div className="load-more">
          <Button variant="secondary" loading={state.loadingMore} onClick={state.loadMore}>
            {t('lists.loadMore')}
          </Button>
        </div>
      ) : (
        <p className="list-end">{t('lists.end', { count: state.total })}</p>
      )}
    </>
  );
}
