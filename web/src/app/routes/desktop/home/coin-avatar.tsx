import type { CoinRow } from '@/features/dashboard/model/types';

/** CoinAvatar is a coin's icon, or its first letter on a tinted disc when it has none. */
export function CoinAvatar({ row, size = 36 }: { row: Pick<CoinRow, 'iconUrl' | 'currencyType'>; size?: number }) {
  const style = { width: size, height: size };
  if (row.iconUrl) return <img className="up-coin-avatar" src={row.iconUrl} alt="" width={size} height={size} style={style} loading="lazy" />;
  return (
    <span className="up-coin-avatar up-coin-avatar--letter" style={{ ...style, fontSize: Math.round(size * 0.45) }} aria-hidden="true">
      {row.currencyType.slice(0, 1)}
    </span>
  );
}
