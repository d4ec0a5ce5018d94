import { lazy, Suspense } from 'react';
import { SkeletonList } from './states';

const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

/** The markdown renderer, loaded when a text is first shown (keeps it off the lobby's first load). */
export function LazyMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <Suspense fallback={<SkeletonList rows={2} />}>
      <Markdown source={source} className={className} />
    </Suspense>
  );
}
