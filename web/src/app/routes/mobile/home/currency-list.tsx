import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDashboardList } from '@/features/dashboard/api/get-dashboard-list';
import type { CoinRow } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClosedNote, CoinHeadLine, detailPath, FiatToggle } from './coin-bits';
import { CoinsEmpty, CoinsFailed, CoinsLoading } from './coin-states';
import { formatAmount, formatGrouped, formatMoney } from '@/lib/format';
import { useMobileHomeTexts } from './texts';
import { useLegalTender } from '@/features/dashboard/hooks/use-legal-tender';

function CoinListItem({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  return (
    <li>
      <Link
        to={detailPath(row.currencyType)}
        className={`up-mcard up-mcard--link${row.openStatus ? '' : ' up-mcard--closed'}`}
        data-testid="coin-row"
        data-coin={row.currencyType}
      >
        <span className="up-mcard__head up-mcard__head--static">
          <CoinHeadLine row={row} />
        </span>
        <dl className="up-mcard__grid">
          <div>
            <dt>{t('columns.poolHashRate')}</dt>
            <dd data-testid="coin-pool-hashrate">{formatAmount(row.poolHashRateShow, row.poolHashRateUnit)}</dd>
          </div>
          <div>
            <dt>{t('columns.networkHashRate')}</dt>
            <dd data-testid="coin-network-hashrate">{formatAmount(row.networkHashRateShow, row.networkHashRateUnit)}</dd>
          </div>
          <div className="up-mcard__wide">
            <dt>
              {t('columns.dayIncome')} <small>{t('perUnit', { unit: row.minHashUnit || 'H/s' })}</small>
            </dt>
            <dd data-testid="coin-income">
              {formatMoney(row.dayExpectIncome, row.coinPriceUnit)}
              {row.dayExpectIncomeCoin ? <small>{formatGrouped(row.dayExpectIncomeCoin, row.chainUnit)}</small> : null}
            </dd>
          </div>
          <div>
            <dt>{t('columns.fee')}</dt>
            <dd data-testid="coin-fee">{row.fee || row.rateShow}</dd>
          </div>
          <div>
            <dt>{t('columns.activeMiners')}</dt>
            <dd data-testid="coin-miners">{row.activeMiners}</dd>
          </div>
        </dl>
        <ClosedNote row={row} compact />
      </Link>
    </li>
  );
}

/** MobileCurrencyList is /mobile/currencyList: every pool coin with its live figures; a tap opens the coin. */
export function MobileCurrencyList() {
  const { t } = useTranslation();
  const { t: tm, ready } = useMobileHomeTexts();
  const { ready: dashReady } = useDashboardTexts();
  const [fiat, setFiat] = useLegalTender();
  const list = useDashboardList(fiat);
  useDocumentTitle(t('pages.currencyList'));
  const rows = list.data;

  return (
    <section className="up-mpage" aria-labelledby="up-mlist-title">
      <header className="up-mpage__hero">
        <h1 id="up-mlist-title" className="up-mpage__title">
          {t('pages.currencyList')}
        </h1>
        {ready ? <p className="up-mpage__lead">{tm('list.lead')}</p> : null}
        {dashReady ? (
          <div className="up-mpage__tools">
            <FiatToggle value={fiat} onChange={setFiat} onDark />
          </div>
        ) : null}
      </header>
      <div className="up-mpage__body">
        {!ready || !dashReady || (!rows && list.isPending) ? (
          <CoinsLoading count={4} />
        ) : list.isError && !rows ? (
          <CoinsFailed onRetry={() => void list.refetch()} />
        ) : !rows || rows.length === 0 ? (
          <CoinsEmpty />
        ) : (
          <ul className={`up-mcards${list.isPlaceholderData ? ' up-mcards--stale' : ''}`} data-testid="coin-list" aria-busy={list.isPlaceholderData}>
            {rows.map((row) => (
              <CoinListItem key={row.currencyType} row={row} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
