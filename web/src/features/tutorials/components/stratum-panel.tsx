// The live pool addresses of a coin, from GET /pc/v1/currency/list: main pool first,
// then the backups, each with a copy button; closed and devnet coins are marked.
import { useTranslation } from 'react-i18next';
import { usePoolCoins } from '../api/get-pool-coins';
import { defaultCoin, findCoin, isDevnet, isOpen, stratumAddresses } from '../model/stratum';
import type { PoolCoin } from '../model/types';
import { CopyButton } from './copy';
import { ServerIcon } from './icons';
import { Panel } from './panel';
import { TUTORIAL_NS } from './texts';
import { useTutorialState } from './tutorial-state';

/** useTutorialCoin gives the coin a part of the page is about: a fixed one, or the one picked in the panel. */
export function useTutorialCoin(coinIds?: readonly string[]) {
  const coins = usePoolCoins();
  const { coinType, sub } = useTutorialState();
  const list = coins.data ?? [];
  const coin = coinIds ? findCoin(list, coinIds) : defaultCoin(list, coinType ?? sub?.defaultCoin);
  return { coins, list, coin };
}

function CoinChooser({ list, current }: { list: PoolCoin[]; current: PoolCoin | undefined }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { setCoinType } = useTutorialState();
  return (
    <div className="up-tut-coins" role="radiogroup" aria-label={t('stratum.chooseCoin')}>
      {list.map((c) => {
        const on = c.type === current?.type;
        return (
          <button
            key={c.type}
            type="button"
            role="radio"
            aria-checked={on}
            className={`up-tut-coin${on ? ' is-on' : ''}${isOpen(c) ? '' : ' is-closed'}`}
            onClick={() => setCoinType(c.type)}
            data-testid={`coin-${c.type}`}
          >
            {c.name}
            {isOpen(c) ? null : <span className="up-tut-coin__closed">{t('stratum.closed')}</span>}
          </button>
        );
      })}
    </div>
  );
}

function Addresses({ coin }: { coin: PoolCoin }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const addresses = stratumAddresses(coin.stratumUrls);
  if (addresses.length === 0) return <p className="up-tut-muted">{t('stratum.noPorts', { coin: coin.name })}</p>;
  return (
    <>
      <ul className="up-tut-addrs">
        {addresses.map((a) => {
          const role = a.backup === 0 ? t('stratum.main') : t('stratum.backup', { n: a.backup });
          return (
            <li key={a.url} className={`up-tut-addr${a.backup === 0 ? ' is-main' : ''}`}>
              <span className="up-tut-addr__role">{role}</span>
              <div className="up-tut-addr__main">
                <code className="up-tut-addr__url" data-testid="stratum-url" data-backup={a.backup}>
                  {a.url}
                </code>
                <span className="up-tut-addr__hostport">
                  {t('stratum.hostPort')} <code>{a.hostPort}</code>
                </span>
              </div>
              <CopyButton value={a.url} what={`${coin.name} ${role}`} />
            </li>
          );
        })}
      </ul>
      {addresses.length > 1 ? <p className="up-tut-hint">{t('stratum.backupHint')}</p> : null}
    </>
  );
}

/**
 * StratumPanel shows the pool addresses: of the coin named by coinIds, or of the coin
 * picked from chips of every listed coin.
 */
export function StratumPanel({ coinIds, coinName }: { coinIds?: readonly string[]; coinName?: string }) {
  const { t } = useTranslation(TUTORIAL_NS);
  const { t: tApp } = useTranslation();
  const { coins, list, coin } = useTutorialCoin(coinIds);
  let body;
  if (coins.isPending) {
    body = <div className="up-tut-skeleton" aria-busy="true" aria-label={tApp('common.loading')} />;
  } else if (coins.isError) {
    body = (
      <div className="up-tut-error" role="alert">
        <span>{t('stratum.loadFailed')}</span>
        <button type="button" className="up-tut-btn up-tut-btn--small" onClick={() => void coins.refetch()}>
          {tApp('common.retry')}
        </button>
      </div>
    );
  } else if (list.length === 0) {
    body = <p className="up-tut-muted">{t('stratum.empty')}</p>;
  } else if (!coin) {
    body = (
      <p className="up-tut-muted" data-testid="coin-missing">
        {t('stratum.missing', { coin: coinName ?? coinIds?.[0] ?? '' })}
      </p>
    );
  } else {
    body = (
      <>
        {coinIds ? null : <CoinChooser list={list} current={coin} />}
        <div className="up-tut-coinmeta">
          <span className="up-tut-coinmeta__name">
            {coin.name} <span className="up-tut-coinmeta__type">{coin.type}</span>
          </span>
          {coin.algorithm ? (
            <span className="up-tut-coinmeta__algo">
              {t('stratum.algorithm')} <b>{coin.algorithm}</b>
            </span>
          ) : null}
          <span className={`up-tut-tag ${isOpen(coin) ? 'up-tut-tag--open' : 'up-tut-tag--closed'}`} data-testid="coin-status">
            {isOpen(coin) ? t('stratum.open') : t('stratum.closed')}
          </span>
          {isDevnet(coin) ? (
            <span className="up-tut-tag up-tut-tag--devnet" title={t('stratum.devnetHint', { coin: coin.name })}>
              {t('stratum.devnet')}
            </span>
          ) : null}
        </div>
        {isOpen(coin) ? null : (
          <p className="up-tut-closed" role="note" data-testid="coin-closed">
            {t('stratum.closedHint', { coin: coin.name })}
          </p>
        )}
        <Addresses coin={coin} />
      </>
    );
  }
  return (
    <Panel
      title={t('stratum.title')}
      icon={ServerIcon}
      testId="stratum-panel"
      extra={
        <span className="up-tut-live">
          <span className="up-tut-live__dot" aria-hidden="true" />
          {t('stratum.live')}
        </span>
      }
    >
      {body}
    </Panel>
  );
}
