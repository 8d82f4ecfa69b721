import { Button } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { MobileDialog } from '@/components/mobile-dialog';
import { CoinOrderList } from '@/features/pool/coin-order/components/coin-order-list';
import type { CoinOrder } from '@/features/pool/coin-order/hooks/use-coin-order';
import { usePoolTexts } from '@/features/pool/texts';

/** MCoinOrderButton opens the sort-coins sheet; it sits beside the coin picker. */
export function MCoinOrderButton({ order }: { order: CoinOrder }) {
  const { t } = usePoolTexts();
  return (
    <button type="button" className="up-mpool__sort" onClick={order.open} aria-label={t('coinOrder.open')} data-testid="coin-order-open">
      {/* Arrows up and down, drawn here: the header's list icon shared with this page went into
          a chunk of its own, one more response on every phone's first visit. */}
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M5 2v12M2 5l3-3 3 3M11 14V2M8 11l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{t('coinOrder.openShort')}</span>
    </button>
  );
}

/** MCoinOrderDialog is the bottom sheet that lists the coins with move-up and move-down buttons, save, reset and cancel. */
export function MCoinOrderDialog({ order }: { order: CoinOrder }) {
  const { t } = usePoolTexts();
  const busy = order.saving || order.resetting;
  return (
    <MobileDialog open={order.isOpen} onClose={order.close} title={t('coinOrder.title')} closable={!busy} testId="coin-order-dialog">
      <CoinOrderList
        order={order}
        size="mobile"
        name={(c) => c.name}
        move={(b) => (
          <button type="button" className="up-mcoin-order__move" aria-label={b.label} disabled={b.disabled} onClick={b.onClick} data-testid={b.testId}>
            {b.by < 0 ? <UpOutline fontSize={18} aria-hidden /> : <DownOutline fontSize={18} aria-hidden />}
          </button>
        )}
      />
      {order.error ? (
        <p className="up-mpool-error" role="alert" data-testid="coin-order-error">
          {order.error}
        </p>
      ) : null}
      <div className="up-mcoin-order__actions">
        <Button block color="primary" onClick={() => void order.save()} loading={order.saving} disabled={!order.changed || order.resetting} data-testid="coin-order-save">
          {t('coinOrder.save')}
        </Button>
        <Button block onClick={() => void order.reset()} loading={order.resetting} disabled={order.saving} data-testid="coin-order-reset">
          {t('coinOrder.reset')}
        </Button>
        <Button block fill="none" onClick={order.close} disabled={busy} data-testid="coin-order-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </MobileDialog>
  );
}
