import { Skeleton } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { useDashboardList } from '@/features/dashboard/api/get-dashboard-list';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { useHomeTexts } from '@/features/home/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Chevron, FiatToggle } from './coin-bits';
import { CoinCard } from './coin-card';
import { CoinsEmpty, CoinsFailed, CoinsLoading } from './coin-states';
import { MobileBanner, MobileContact, MobileProcess, MobileServices, scrollToId } from './home-sections';
import { useMobileHomeTexts } from './texts';
import { useLegalTender } from '@/features/dashboard/hooks/use-legal-tender';

/** HOME_COIN_COUNT is how many coins the home page lists before "all coins". */
export const HOME_COIN_COUNT = 5;

function HomeCoins() {
  const { t: th } = useHomeTexts();
  const { t: tm } = useMobileHomeTexts();
  const [fiat, setFiat] = useLegalTender();
  const list = useDashboardList(fiat);
  // The first coin starts open (SPEC: "the first row starts expanded"); null = that default.
  const [open, setOpen] = useState<string | null | undefined>(undefined);
  const rows = list.data;
  const openCoin = open === undefined ? rows?.[0]?.currencyType : open;

  return (
    <section className="up-msection up-mhome__coins" aria-labelledby="up-mcoins-title" data-testid="home-coins">
      <div className="up-mhome__intro">
        <div className="up-msection__head">
          <h2 id="up-mcoins-title" className="up-msection__title">
            {th('coins.title')}
          </h2>
          <FiatToggle value={fiat} onChange={setFiat} />
        </div>
        <p className="up-msection__lead">{th('coins.lead')}</p>
      </div>
      {!rows && list.isPending ? (
        <CoinsLoading />
      ) : list.isError && !rows ? (
        <CoinsFailed onRetry={() => void list.refetch()} />
      ) : !rows || rows.length === 0 ? (
        <CoinsEmpty />
      ) : (
        <>
          <div className={`up-mcards${list.isPlaceholderData ? ' up-mcards--stale' : ''}`} data-testid="coin-list" aria-busy={list.isPlaceholderData}>
            {rows.slice(0, HOME_COIN_COUNT).map((row) => (
              <CoinCard
                key={row.currencyType}
                row={row}
                expanded={openCoin === row.currencyType}
                onToggle={() => setOpen(openCoin === row.currencyType ? null : row.currencyType)}
              />
            ))}
          </div>
          <Link to={mobilePaths.currencyList} className="up-mall" data-testid="all-coins">
            <span>{tm('coins.all', { count: rows.length })}</span>
            <Chevron />
          </Link>
        </>
      )}
    </section>
  );
}

/** MobileHome is /mobile: banner, the pool coins, services, the service process and the contact form. */
export function MobileHome() {
  const { t } = useTranslation();
  const { ready: homeReady } = useHomeTexts();
  const { ready: dashReady } = useDashboardTexts();
  const { ready: mineReady } = useMobileHomeTexts();
  const ready = homeReady && dashReady && mineReady;
  const location = useLocation();
  useDocumentTitle(t('pages.home'));

  // /mobile#contact (the footer's link) and #services land on their section once it is drawn,
  // and again whenever the same link is followed.
  // Parts above the section can still change height after the scroll starts (the coin list
  // arriving, the first coin's calculator loading as the scroll passes it): for two seconds
  // the page follows the section when anything in it resizes.
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!ready || !id) return;
    const timer = window.setTimeout(() => scrollToId(id), 50);
    const root = pageRef.current;
    let follow: ResizeObserver | null = null;
    if (root && typeof ResizeObserver === 'function') {
      let first = true;
      follow = new ResizeObserver(() => {
        // (The observer reports once at the start: that is not a change.)
        if (first) first = false;
        else scrollToId(id, 'auto');
      });
      follow.observe(root);
    }
    const stop = window.setTimeout(() => follow?.disconnect(), 2000);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(stop);
      follow?.disconnect();
    };
  }, [ready, location.hash, location.key]);

  if (!ready) {
    return (
      <div className="up-mhome" aria-busy="true">
        <div className="up-mhero up-mhero--loading">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
        <CoinsLoading />
      </div>
    );
  }

  return (
    <div className="up-mhome" ref={pageRef}>
      <MobileBanner />
      <HomeCoins />
      <MobileServices />
      <MobileProcess />
      <MobileContact />
    </div>
  );
}
