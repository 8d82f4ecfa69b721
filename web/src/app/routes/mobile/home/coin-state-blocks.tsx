// The coin list's error and empty blocks (antd-mobile's ErrorBlock and its pictures),
// loaded only when the list fails or is empty.
import { Button, ErrorBlock } from 'antd-mobile';
import { useDashboardTexts } from '@/features/dashboard/texts';

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
