import { AppProviders } from './providers';
import { AppRouter } from './router';
import './styles.css';

/** App is the whole web app. */
export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  );
}
