import { MobileSkeletonRows } from '@/components/mobile-skeleton';
import { lazy, Suspense } from 'react';

const Blocks = {
  Failed: lazy(() => import('./coin-state-blocks').then((m) => ({ default: m.CoinsFailed }))),
  Empty: lazy(() => import('./coin-state-blocks').then((m) => ({ default: m.CoinsEmpty }))),
};

/** CoinsLoading stands in for coin cards while the table loads. */
export function CoinsLoading({ count = 3 }: { count?: number }) {
  return <MobileSkeletonRows rows={count} className="up-mcards" rowClassName="up-mcard up-mcard--skeleton" />;
}

/** CoinsFailed says the table did not load, with a retry. */
export function CoinsFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Suspense fallback={<CoinsLoading count={1} />}>
      <Blocks.Failed onRetry={onRetry} />
    </Suspense>
  );
}

/** CoinsEmpty says no coin is listed yet. */
export function CoinsEmpty() {
  return (
    <Suspense fallback={<CoinsLoading count={1} />}>
      <Blocks.Empty />
    </Suspense>
  );
}
