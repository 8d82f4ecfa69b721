import type { ReactNode } from 'react';
import { useSharedLinkInfo } from '@/features/observer/hooks/use-observer-entry';
import { useCoinOrder } from '@/features/pool/coin-order/hooks/use-coin-order';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { useReadOnly } from '@/lib/read-only';
import { useSession } from '@/lib/use-session';
import { usePoolTexts } from '@/features/pool/texts';
import { MCoinOrderButton, MCoinOrderDialog } from './coin-order';
import './pool.css';

/** MobileAccountShell frames every phone pool-mode page with the sub-account and coin switchers (native pickers). */
export function MobileAccountShell({ children }: { children: ReactNode }) {
  const { t: tp, ready } = usePoolTexts();
  const sel = usePoolSelection();
  const order = useCoinOrder();
  // Observer pages keep the link's flags current for the menu (an owner's edit shows at once).
  const { observerToken } = useSession();
  useSharedLinkInfo(useReadOnly() ? observerToken : null);
  return (
    <div className="up-mpool">
      {ready && !sel.isLoading ? (
        <div className={order.available ? 'up-mpool__bar up-mpool__bar--sort' : 'up-mpool__bar'}>
          <label>
            <span>{tp('switcher.subAccount')}</span>
            <select data-testid="sub-switcher" value={sel.subAccount?.code ?? ''} onChange={(e) => sel.setSubAccount(e.target.value || null)}>
              <option value="">{tp('switcher.allSubAccounts')}</option>
              {sel.subAccounts.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.alias ? `${s.alias} (${s.code})` : s.code}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{tp('switcher.coin')}</span>
            <select data-testid="coin-switcher" value={sel.coin?.type ?? ''} onChange={(e) => sel.setCoin(e.target.value)}>
              {sel.coins.map((c) => (
                <option key={c.type} value={c.type}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {order.available ? <MCoinOrderButton order={order} /> : null}
        </div>
      ) : null}
      {order.available ? <MCoinOrderDialog order={order} /> : null}
      {children}
    </div>
  );
}
