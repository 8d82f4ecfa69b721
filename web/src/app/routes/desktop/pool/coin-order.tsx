import { ArrowDownOutlined, ArrowUpOutlined, OrderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
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
        <p className="up-pool-hint">{t('coinOrder.hint')}</p>
        <ol className="up-coin-order" aria-label={t('coinOrder.list')}>
          {order.coins.map((c, i) => (
            <li key={c.type} className="up-coin-order__item" data-testid="coin-order-item" data-type={c.type}>
              <span className="up-coin-order__place">{i + 1}</span>
              {c.iconUrl ? <img src={c.iconUrl} alt="" width={20} height={20} /> : <span className="up-coin-order__noicon" />}
              <span className="up-coin-order__name">
                {c.name} <small>{c.type}</small>
              </span>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('coinOrder.moveUp', { coin: c.name })}
                title={t('coinOrder.moveUp', { coin: c.name })}
                disabled={!order.canMove(c.type, -1)}
                onClick={() => order.move(c.type, -1)}
                data-testid={`coin-order-up-${c.type}`}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('coinOrder.moveDown', { coin: c.name })}
                title={t('coinOrder.moveDown', { coin: c.name })}
                disabled={!order.canMove(c.type, 1)}
                onClick={() => order.move(c.type, 1)}
                data-testid={`coin-order-down-${c.type}`}
              />
            </li>
          ))}
        </ol>
        <p className="up-visually-hidden" role="status" aria-live="polite">
          {order.announcement}
        </p>
        {order.error ? <Alert type="error" showIcon message={order.error} data-testid="coin-order-error" /> : null}
      </div>
    </Modal>
  );
}
