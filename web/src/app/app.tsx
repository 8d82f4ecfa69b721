import { AppProviders } from './providers';
import { AppRouter } from './router';
import './styles.css';
// Rule blocks several lazily loaded pages share: loaded once, before any page's own rules.
import '@/components/page-styles/page-styles.css';

/** App is the whole web app. */
export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
