// A row of coin icons (an observer link's coins), plain HTML so the desktop (antd) and the
// phone (antd-mobile) show the same: the coin's icon, or its first letter on a disc of a
// colour of its own when it has none or the image fails; the name on hover and for
// screen readers; past max, a "+N" chip naming the rest.
import { useState } from 'react';
import './coin-icons.css';

/** CoinIconInfo is what an icon needs of a coin (a ChainType has it). */
export interface CoinIconInfo {
  type: string;
  name?: string;
  iconUrl?: string;
}

/** CoinIcon is one coin's icon. */
export function CoinIcon({ coin, size = 24, testId }: { coin: CoinIconInfo; size?: number; testId?: string }) {
  const [broken, setBroken] = useState(false);
  const label = coin.name || coin.type;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (coin.iconUrl && !broken) {
    return (
      <span className="up-coin-icon" title={label} data-testid={testId} style={style}>
        <img src={coin.iconUrl} alt={label} width={size} height={size} onError={() => setBroken(true)} />
      </span>
    );
  }
  // A stable hue per coin, so a coin keeps its colour across pages.
  const hue = [...coin.type].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return (
    <span className="up-coin-icon up-coin-icon--letter" title={label} role="img" aria-label={label} data-testid={testId} style={{ ...style, background: `hsl(${hue} 55% 42%)` }}>
      {coin.type.slice(0, 1)}
    </span>
  );
}

/**
 * CoinIcons shows types as icons, looking each up in coins (a type it does not find
 * still shows, as its letter); testIdPrefix names each icon `${prefix}-${type}`.
 */
export function CoinIcons({ types, coins, max = 5, size = 24, testIdPrefix }: { types: string[]; coins: CoinIconInfo[]; max?: number; size?: number; testIdPrefix?: string }) {
  const shown = types.length > max ? types.slice(0, max - 1) : types;
  const rest = types.slice(shown.length);
  const info = (type: string) => coins.find((c) => c.type === type) ?? { type };
  return (
    <span className="up-coin-icons">
      {shown.map((type) => (
        <CoinIcon key={type} coin={info(type)} size={size} testId={testIdPrefix ? `${testIdPrefix}-${type}` : undefined} />
      ))}
      {rest.length ? (
        <span className="up-coin-icon up-coin-icon--more" title={rest.map((type) => info(type).name || type).join(', ')} style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}>
          {`+${rest.length}`}
        </span>
      ) : null}
    </span>
  );
}
