// The console's routes: sign-in, and the pages inside the shell (side menu, operator).
import { createBrowserRouter } from 'react-router-dom';
import { AuditPage } from './audit';
import { BlocksPage } from './blocks';
import { CoinEditPage } from './coin-edit';
import { CoinsPage } from './coins';
import { ContentPage } from './content';
import { OperatorsPage } from './operators';
import { OverviewPage } from './overview';
import { PayoutPage, PayoutsPage } from './payouts';
import { Shell } from './shell';
import { SignInPage } from './sign-in';
import { UserPage, UsersPage } from './users';
import { WalletPage } from './wallet';
import { WithdrawalPage, WithdrawalsPage } from './withdrawals';

/** createOpsRouter makes the console's browser router. */
export function createOpsRouter() {
  return createBrowserRouter([
    { path: '/login', element: <SignInPage /> },
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <OverviewPage /> },
        { path: 'withdrawals', element: <WithdrawalsPage /> },
        { path: 'withdrawals/:id', element: <WithdrawalPage /> },
        { path: 'payouts', element: <PayoutsPage /> },
        { path: 'payouts/:id', element: <PayoutPage /> },
        { path: 'wallet', element: <WalletPage /> },
        { path: 'users', element: <UsersPage /> },
        { path: 'users/:id', element: <UserPage /> },
        { path: 'coins', element: <CoinsPage /> },
        { path: 'coin-edit', element: <CoinEditPage /> },
        { path: 'coin-edit/:symbol', element: <CoinEditPage /> },
        { path: 'blocks', element: <BlocksPage /> },
        { path: 'content/*', element: <ContentPage /> },
        { path: 'audit', element: <AuditPage /> },
        { path: 'operators', element: <OperatorsPage /> },
        { path: '*', element: <OverviewPage /> },
      ],
    },
  ]);
}
