import { Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';

const Blocks = {
  Failed: lazy(() => import('./coin-state-blocks').then((m) => ({ default: m.CoinsFailed }))),
  Empty: lazy(() => import('./coin-state-blocks').then((m) => ({ default: m.CoinsEmpty }))),
};

/** CoinsLoading stands in for coin cards while the table loads. */
export function CoinsLoading({ count = 3 }: { count?: number }) {
  return (
    <div className="up-mcards" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="up-mcard up-mcard--skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
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
