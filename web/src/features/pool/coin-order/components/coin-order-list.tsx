// The sort-coins dialog's list, once for both sizes: the hint, each coin in place with its
// move-up and move-down buttons, and the live line that reads out each move. The size gives
// its class prefix, icon size, the coin's name and its move button widget.
import type { ReactNode } from 'react';
import type { ChainType } from '@/features/pool/model/types';
import { usePoolTexts } from '@/features/pool/texts';
import type { CoinOrder } from '../hooks/use-coin-order';

/** MoveButton is what a size needs to draw one move button of a coin. */
export interface MoveButton {
  by: -1 | 1;
  label: string;
  disabled: boolean;
  onClick: () => void;
  testId: string;
}

/** CoinOrderList lists order's coins in their draft order, each with move-up and move-down buttons. */
export function CoinOrderList({
  order,
  size,
  name,
  move,
}: {
  order: CoinOrder;
  size: 'desktop' | 'mobile';
  name: (coin: ChainType) => ReactNode;
  move: (button: MoveButton) => ReactNode;
}) {
  const { t } = usePoolTexts();
  const c = size === 'desktop' ? 'up-coin-order' : 'up-mcoin-order';
  const icon = size === 'desktop' ? 20 : 24;
  const button = (coin: ChainType, by: -1 | 1) =>
    move({
      by,
      label: t(by < 0 ? 'coinOrder.moveUp' : 'coinOrder.moveDown', { coin: coin.name }),
      disabled: !order.canMove(coin.type, by),
      onClick: () => order.move(coin.type, by),
      testId: `coin-order-${by < 0 ? 'up' : 'down'}-${coin.type}`,
    });
  return (
    <>
      <p className={size === 'desktop' ? 'up-pool-hint' : 'up-mpool-hint'}>{t('coinOrder.hint')}</p>
      <ol className={c} aria-label={t('coinOrder.list')}>
        {order.coins.map((coin, i) => (
          <li key={coin.type} className={`${c}__item`} data-testid="coin-order-item" data-type={coin.type}>
            <span className={`${c}__place`}>{i + 1}</span>
            {coin.iconUrl ? <img src={coin.iconUrl} alt="" width={icon} height={icon} /> : <span className={`${c}__noicon`} />}
            <span className={`${c}__name`}>{name(coin)}</span>
            {button(coin, -1)}
            {button(coin, 1)}
          </li>
        ))}
      </ol>
      <p className="up-visually-hidden" role="status" aria-live="polite">
        {order.announcement}
      </p>
    </>
  );
}
