import { ArrowDownOutlined, ArrowUpOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { CoinOrderList } from '@/features/pool/coin-order/components/coin-order-list';
import type { CoinOrder } from '@/features/pool/coin-order/hooks/use-coin-order';
import { usePoolTexts } from '@/features/pool/texts';

/** CoinOrderButton opens the sort-coins dialog; it sits beside the coin picker. */
export function CoinOrderButton({ order }: { order: CoinOrder }) {
  const { t } = usePoolTexts();
  return (
    <Button icon={<OrderedListOutlined />} onClick={order.open} data-testid="coin-order-open">
      {t('coinOrder.open')}
    </Button>
  );
}

/** CoinOrderDialog lists the coins with move-up and move-down buttons, save, reset and cancel. */
export function CoinOrderDialog({ order }: { order: CoinOrder }) {
  const { t } = usePoolTexts();
  const busy = order.saving || order.resetting;
  return (
    <Modal
      open={order.isOpen}
      title={t('coinOrder.title')}
      onCancel={order.close}
      maskClosable={!busy}
      destroyOnHidden
      footer={
        <div className="up-coin-order__footer">
          <Button onClick={() => void order.reset()} loading={order.resetting} disabled={order.saving} data-testid="coin-order-reset">
            {t('coinOrder.reset')}
          </Button>
          <span className="up-coin-order__spacer" />
          <Button onClick={order.close} disabled={busy} data-testid="coin-order-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="primary" onClick={() => void order.save()} loading={order.saving} disabled={!order.changed || order.resetting} data-testid="coin-order-save">
            {t('coinOrder.save')}
          </Button>
        </div>
      }
    >
      <div data-testid="coin-order-dialog">
        <CoinOrderList
          order={order}
          size="desktop"
          name={(c) => (
            <>
              {c.name} <small>{c.type}</small>
            </>
          )}
          move={(b) => <Button size="small" icon={b.by < 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} aria-label={b.label} title={b.label} disabled={b.disabled} onClick={b.onClick} data-testid={b.testId} />}
        />
        {order.error ? <Alert type="error" showIcon message={order.error} data-testid="coin-order-error" /> : null}
      </div>
    </Modal>
  );
}
