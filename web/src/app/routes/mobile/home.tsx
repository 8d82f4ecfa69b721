import { lazy } from 'react';
import { MobileHome } from './home/mobile-home';
import './home/mobile-home.css';

// The coin list and a coin's page (its calculator and error blocks) load when opened, so the
// home page, the most visited, carries only its own code.
const MobileCurrencyList = lazy(() => import('./home/currency-list').then((m) => ({ default: m.MobileCurrencyList })));
const MobileCurrencyDetail = lazy(() => import('./home/currency-detail').then((m) => ({ default: m.MobileCurrencyDetail })));

/** MobileHomePage names the pages of this area. */
export type MobileHomePage = 'home' | 'currencyList' | 'currencyDetail';

/** MobileHomeArea renders the phone's home page, its coin list and a coin's page. */
export default function MobileHomeArea({ page }: { page: MobileHomePage }) {
  switch (page) {
    case 'home':
      return <MobileHome key="home" />;
    case 'currencyList':
      return <MobileCurrencyList key="currencyList" />;
    case 'currencyDetail':
      return <MobileCurrencyDetail key="currencyDetail" />;
  }
}
