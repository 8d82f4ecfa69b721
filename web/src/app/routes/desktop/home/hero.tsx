import { ArrowDownOutlined, CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useHomeTexts } from '@/features/home/texts';
import { CoinAvatar } from './coin-avatar';
import { formatAmount, formatMoney } from '@/lib/format';

const HIGHLIGHTS = ['pps', 'settle', 'hardware'] as const;

/** LiveBoard is the banner's glance at the pool: the first open coins, their price and pool hashrate. */
function LiveBoard({ list, legalTender }: { list: UseQueryResult<CoinRow[]>; legalTender: LegalTender }) {
  const { t } = useDashboardTexts();
  const home = useHomeTexts();
  const rows = (list.data ?? []).filter((r) => r.openStatus).slice(0, 4);
  if (list.isError && !list.data) return null;
  if (list.data && rows.length === 0) return null;
  return (
    <aside className="up-home-board" aria-label={home.t('coins.title')} data-testid="hero-board">
      <div className="up-home-board__head">
        <span className="up-home-board__live" aria-hidden="true" />
        <span>{home.t('coins.title')}</span>
      </div>
      {!list.data ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <ul className="up-home-board__list">
          {rows.map((r) => (
            <li key={r.currencyType} className="up-home-board__row">
              <CoinAvatar row={r} size={32} />
              <span className="up-home-board__coin">
                <strong>{r.currencyType}</strong>
                <small>{r.chainTypeName}</small>
              </span>
              <span className="up-home-board__figure">
                <strong>{formatMoney(r.coinPrice, legalTender)}</strong>
                <small>
                  {t('columns.poolHashRate')} {formatAmount(r.poolHashRateShow, r.poolHashRateUnit)}
                </small>
              </span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

/** Hero is the banner: headline, what the pool offers in a line, and the two ways in. */
export function Hero({ list, legalTender, onLearnMore }: { list: UseQueryResult<CoinRow[]>; legalTender: LegalTender; onLearnMore: () => void }) {
  const { t } = useHomeTexts();
  return (
    <section className="up-home-hero up-on-dark" aria-labelledby="up-home-headline">
      <div className="up-home-hero__glow" aria-hidden="true" />
      <div className="up-home__inner up-home-hero__inner">
        <div className="up-home-hero__copy">
          <p className="up-home-hero__eyebrow">{t('banner.eyebrow')}</p>
          <h1 id="up-home-headline" className="up-home-hero__headline">
            {t('banner.headline')}
          </h1>
          <p className="up-home-hero__subline">{t('banner.subline')}</p>
          <div className="up-home-hero__actions">
            <Button type="primary" size="large" onClick={onLearnMore} icon={<ArrowDownOutlined />} data-testid="learn-more">
              {t('banner.learnMore')}
            </Button>
            <Link to={paths.register} className="up-home-hero__ghost" data-testid="start-mining">
              {t('banner.startMining')} <RightOutlined />
            </Link>
          </div>
          <ul className="up-home-hero__highlights">
            {HIGHLIGHTS.map((h) => (
              <li key={h}>
                <CheckCircleFilled aria-hidden="true" /> {t(`banner.highlights.${h}`)}
              </li>
            ))}
          </ul>
        </div>
        <LiveBoard list={list} legalTender={legalTender} />
      </div>
    </section>
  );
}
