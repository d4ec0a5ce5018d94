import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/button';
import { ErrorState } from '../components/states';
import { t } from '../lib/i18n';

const isChunkError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' ||
    /dynamically imported module|Loading chunk|Importing a module script/i.test(error.message));

/** A page failed: a chunk that would not load (120 s time-out) or a page that threw. Offers a reload. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[route] page failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page page--error">
        <ErrorState message={isChunkError(this.state.error) ? t('states.chunkError') : t('states.errorText')} />
        <div className="center-block">
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
        </div>
      </div>
    );
  }
}
