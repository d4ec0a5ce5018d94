import { useTranslation } from 'react-i18next';
import { useLoadingStore } from '../lib/loading';
import { Spinner } from './button';

/** Shown while non-quiet requests are in flight, hidden when the count is back at 0 (spec section 4). */
export function LoadingIndicator() {
  const { t } = useTranslation();
  const count = useLoadingStore((s) => s.count);
  if (count <= 0) return null;
  return (
    <div className="loading-indicator" data-testid="loading-indicator">
      <div className="loading-indicator__box">
        <Spinner size={28} label={t('common.loading')} />
      </div>
    </div>
  );
}
