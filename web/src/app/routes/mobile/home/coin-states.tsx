import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useDashboardTexts } from '@/features/dashboard/texts';

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
  const { t } = useDashboardTexts();
  return (
    <ErrorBlock className="up-mblock" status="disconnected" title={t('loadFailed')} description="" fullPage={false}>
      <Button color="primary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </ErrorBlock>
  );
}

/** CoinsEmpty says no coin is listed yet. */
export function CoinsEmpty() {
  const { t } = useDashboardTexts();
  return <ErrorBlock className="up-mblock" status="empty" title={t('empty')} description="" fullPage={false} />;
}
