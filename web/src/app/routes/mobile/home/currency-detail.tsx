import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { useDashboardList } from '@/features/dashboard/api/get-dashboard-list';
import type { CoinRow } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClosedNote, CoinAvatar, CoinTags, FiatToggle, TutorialLink } from './coin-bits';
import { CoinsFailed } from './coin-states';
import { DASH, formatAmount, formatGrouped, formatMoney } from '@/lib/format';
import { MobileCalculator } from './mobile-calculator';
import { useMobileHomeTexts } from './texts';
import { TrendPanel } from './trend-card';
import { useLegalTender } from '@/features/dashboard/hooks/use-legal-tender';

function BackLink() {
  const { t: tm } = useMobileHomeTexts();
  return (
    <Link to={mobilePaths.currencyList} className="up-mpage__back" data-testid="back-to-list">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {tm('detail.back')}
    </Link>
  );
}

function Figures({ row }: { row: CoinRow }) {
  const { t } = useDashboardTexts();
  const { t: tm } = useMobileHomeTexts();
  const items: Array<[key: string, label: string, value: string]> = [
    ['pool', t('columns.poolHashRate'), formatAmount(row.poolHashRateShow, row.poolHashRateUnit)],
    ['network', t('columns.networkHashRate'), formatAmount(row.networkHashRateShow, row.networkHashRateUnit)],
    ['miners', t('columns.activeMiners'), String(row.activeMiners)],
    ['fee', t('columns.fee'), row.fee || row.rateShow || DASH],
    ['algorithm', t('columns.algorithm'), row.algorithm || DASH],
    ['blockTime', t('columns.blockTime'), row.blockTime > 0 ? t('seconds', { count: row.blockTime }) : DASH],
    ['reward', t('columns.blockReward'), formatGrouped(row.blockReward, row.chainUnit)],
    ['settlement', t('columns.settlement'), row.settleModel ? t('settleAt', { model: row.settleModel, time: row.settleTime }) : DASH],
  ];
  return (
    <section className="up-mpanel" aria-labelledby="up-mdetail-figures">
      <h2 id="up-mdetail-figures" className="up-mpanel__title">
        {tm('detail.figures')}
      </h2>
      <dl className="up-mfigures">
        {items.map(([key, label, value]) => (
          <div key={key} className={key === 'settlement' || key === 'reward' ? 'up-mfigures__wide' : undefined} data-testid={`figure-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function NotFound({ currencyType }: { currencyType: string }) {
  const { t: tm } = useMobileHomeTexts();
  const navigate = useNavigate();
  return (
    <ErrorBlock
      className="up-mblock"
      status="empty"
      title={tm('notFound.title')}
      description={currencyType ? tm('notFound.unknown', { coin: currencyType }) : tm('notFound.missing')}
      fullPage={false}
      data-testid="coin-not-found"
    >
      <Button color="primary" onClick={() => navigate(mobilePaths.currencyList)} data-testid="not-found-back">
        {tm('notFound.action')}
      </Button>
    </ErrorBlock>
  );
}

/**
 * MobileCurrencyDetail is /mobile/currencyDetail?currencyType=X: the coin's figures, its
 * trend, its tutorial and its calculator (basic or full). A closed coin shows its message
 * and the server refuses its calculator with it.
 */
export function MobileCurrencyDetail() {
  const { t } = useTranslation();
  const { t: td, ready: dashReady } = useDashboardTexts();
  const { t: tm, ready } = useMobileHomeTexts();
  const [params] = useSearchParams();
  const currencyType = (params.get('currencyType') ?? '').trim().toUpperCase();
  const [fiat, setFiat] = useLegalTender();
  const list = useDashboardList(fiat);
  const row = list.data?.find((r) => r.currencyType.toUpperCase() === currencyType);
  useDocumentTitle(row ? `${row.currencyType} · ${t('pages.currencyDetail')}` : t('pages.currencyDetail'));

  if (!ready || !dashReady || (currencyType && !list.data && list.isPending)) {
    return (
      <section className="up-mpage" aria-busy="true">
        <header className="up-mpage__hero">
          <Skeleton.Title animated className="up-mpage__skeleton" />
        </header>
        <div className="up-mpage__body">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      </section>
    );
  }
  if (currencyType && list.isError && !list.data) {
    return (
      <section className="up-mpage">
        <CoinsFailed onRetry={() => void list.refetch()} />
      </section>
    );
  }
  if (!row) {
    return (
      <section className="up-mpage" aria-labelledby="up-mdetail-title">
        <header className="up-mpage__hero">
          <BackLink />
          <h1 id="up-mdetail-title" className="up-mpage__title">
            {t('pages.currencyDetail')}
          </h1>
        </header>
        <div className="up-mpage__body">
          <NotFound currencyType={currencyType} />
        </div>
      </section>
    );
  }

  return (
    <section className="up-mpage up-mdetail" aria-labelledby="up-mdetail-title" data-testid="coin-detail" data-coin={row.currencyType}>
      <header className="up-mpage__hero">
        <BackLink />
        <div className="up-mdetail__id">
          <CoinAvatar row={row} size={52} />
          <div className="up-mdetail__names">
            <h1 id="up-mdetail-title" className="up-mpage__title">
              {row.currencyType}
              <CoinTags row={row} />
            </h1>
            <p className="up-mpage__lead">{row.chainTypeName}</p>
          </div>
        </div>
        <div className="up-mdetail__quote">
          <div>
            <p className="up-mdetail__label">{td('columns.price')}</p>
            <p className="up-mdetail__price" data-testid="coin-price">
              {formatMoney(row.coinPrice, row.coinPriceUnit)}
            </p>
          </div>
          <FiatToggle value={fiat} onChange={setFiat} onDark />
        </div>
        <div className="up-mdetail__income" data-testid="coin-income">
          <span className="up-mdetail__label">
            {td('columns.dayIncome')} · {td('perUnit', { unit: row.minHashUnit || 'H/s' })}
          </span>
          <strong>{formatMoney(row.dayExpectIncome, row.coinPriceUnit)}</strong>
          {row.dayExpectIncomeCoin ? <span>{formatGrouped(row.dayExpectIncomeCoin, row.chainUnit)}</span> : null}
        </div>
      </header>

      <div className="up-mpage__body">
        <ClosedNote row={row} />
        <Figures row={row} />
        <TutorialLink row={row} className="up-mtutorial">
          <span className="up-mtutorial__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
              <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15z" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </span>
          <span className="up-mtutorial__text">
            <strong>{td('tutorial.link')}</strong>
            <span>{tm('detail.tutorialHint', { coin: row.currencyType })}</span>
          </span>
        </TutorialLink>
        <section className="up-mpanel">
          <TrendPanel currencyType={row.currencyType} legalTender={row.coinPriceUnit === 'CNY' ? 'CNY' : 'USD'} height={240} />
        </section>
        <section className="up-mpanel" aria-labelledby="up-mdetail-calc">
          <h2 id="up-mdetail-calc" className="up-mpanel__title">
            {td('calc.title')}
          </h2>
          <MobileCalculator key={row.currencyType} row={row} />
        </section>
        <p className="up-mdetail__updated">{tm('detail.refreshed')}</p>
      </div>
    </section>
  );
}
