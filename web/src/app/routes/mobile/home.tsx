import { MobileCurrencyDetail } from './home/currency-detail';
import { MobileCurrencyList } from './home/currency-list';
import { MobileHome } from './home/mobile-home';
import './home/mobile-home.css';

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
