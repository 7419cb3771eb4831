import { type ComponentProps, Suspense } from 'react';
import type { EmptyState as EmptyStateComponent } from '../../../components/empty-state';
import { lazyNamed } from '../../../lib/deferred';

// antd's Empty loads only when a home section has nothing to show.
const EmptyState = lazyNamed(() => import('../../../components/empty-state'), 'EmptyState');

/** `EmptyState` (暂无数据) for the home blocks, loaded when first needed. */
export function HomeEmptyState(props: ComponentProps<typeof EmptyStateComponent>) {
  return (
    <Suspense fallback={null}>
      <EmptyState {...props} />
    </Suspense>
  );
}
