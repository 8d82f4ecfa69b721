import { lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoinRow } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { WhenVisible } from '@/components/when-visible';
import { Chevron, ClosedNote, CoinHeadLine, DetailLink, TutorialLink } from './coin-bits';
import { formatAmount, formatGrouped, formatMoney } from '@/lib/format';
import { useMobileHomeTexts } from './texts';
import { TrendPanel } from './trend-card';

// The quick calculator sits below the chart, under the fold: its inputs load when it comes near.
const MobileCalculator = lazy(() => import('./mobile-calculator').then((m) => ({ default: m.MobileCalculator })));

/**
 * CoinCard is one coin on the phone's home page: its icon, name, price, daily income
 * per unit and pool hashrate; tapping the head opens its chart and a quick calculator
 * (SPEC: coin rows expand; the first starts open).
 */
export function CoinCard({ row, expanded, onToggle }: { row: CoinRow; expanded: boolean; onToggle: () => void }) {
  const { t } = useDashboardTexts();
  const { t: tm } = useMobileHomeTexts();
  const { t: ta } = useTranslation();
  const moreId = useId();
  return (
    <article
      className={`up-mcard${expanded ? ' up-mcard--open' : ''}${row.openStatus ? '' : ' up-mcard--closed'}`}
      data-testid="coin-card"
      data-coin={row.currencyType}
    >
      <button type="button" className="up-mcard__head" aria-expanded={expanded} aria-controls={moreId} onClick={onToggle}>
        <CoinHeadLine row={row} open={expanded} />
      </button>

      <dl className="up-mcard__stats">
        <div>
          <dt>{t('columns.dayIncome')}</dt>
          <dd data-testid="coin-income">
            <strong>{formatMoney(row.dayExpectIncome, row.coinPriceUnit)}</strong>
            <span>
              {row.dayExpectIncomeCoin ? `${formatGrouped(row.dayExpectIncomeCoin, row.chainUnit)} · ` : ''}
              {t('perUnit', { unit: row.minHashUnit || 'H/s' })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('columns.poolHashRate')}</dt>
          <dd data-testid="coin-pool-hashrate">
            <strong>{formatAmount(row.poolHashRateShow, row.poolHashRateUnit)}</strong>
            <span>
              {t('columns.activeMiners')} {row.activeMiners}
            </span>
          </dd>
        </div>
      </dl>
      <ClosedNote row={row} compact />

      <div id={moreId} className="up-mcard__more" hidden={!expanded}>
        {expanded ? (
          <>
            <TrendPanel currencyType={row.currencyType} legalTender={row.coinPriceUnit === 'CNY' ? 'CNY' : 'USD'} height={200} />
            <div className="up-mcard__calc">
              <h3 className="up-mcard__calc-title">{tm('coins.quickCalc')}</h3>
              <WhenVisible minHeight={160} testId="quick-calc">
                <MobileCalculator row={row} quick />
              </WhenVisible>
            </div>
          </>
        ) : null}
      </div>

      <div className="up-mcard__actions">
        <TutorialLink row={row} className="up-mcard__action" />
        <DetailLink currencyType={row.currencyType} className="up-mcard__action up-mcard__action--primary">
          {expanded ? tm('coins.fullCalc') : ta('pages.currencyDetail')}
          <Chevron />
        </DetailLink>
      </div>
    </article>
  );
}
