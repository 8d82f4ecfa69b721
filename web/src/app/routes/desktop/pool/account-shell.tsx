import { Badge, Menu, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMessageMarker } from '@/features/observer/hooks/use-messages';
import { useSharedLinkInfo } from '@/features/observer/hooks/use-observer-entry';
import { useCoinOrder } from '@/features/pool/coin-order/hooks/use-coin-order';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { usePoolPath, useReadOnly } from '@/lib/read-only';
import { session, sessionKeys } from '@/lib/storage';
import { useSession } from '@/lib/use-session';
import { usePoolTexts } from '@/features/pool/texts';
import { useTranslation } from 'react-i18next';
import { CoinOrderButton, CoinOrderDialog } from './coin-order';
import './pool.css';

const menu = [
  ['orePoolSubAccountInfo', 'pages.orePoolSubAccountInfo'],
  ['orePoolDeviceOverview', 'pages.orePoolDeviceOverview'],
  ['orePoolAnlageuebersicht', 'pages.orePoolAnlageuebersicht'],
  ['orePoolDeviceSubaccount', 'pages.orePoolDeviceSubaccount'],
  ['orePoolDeviceSearch', 'pages.orePoolDeviceSearch'],
  ['orePoolAlertSet', 'pages.orePoolAlertSet'],
  ['orePoolOverclockManage', 'pages.orePoolOverclockManage'],
  ['orePoolRevenueSummary', 'pages.orePoolRevenueSummary'],
  ['orePoolRevenueChain', 'pages.orePoolRevenueChain'],
  ['orePoolAssetsOverview', 'pages.orePoolAssetsOverview'],
  ['orePoolAssetsDetail', 'pages.orePoolAssetsDetail'],
  ['soloSearch', 'pages.soloSearch'],
] as const;

// What an observer link opens (SPEC section 2: device pages with machine info, revenue
// pages with income info), after the observer list.

/** soloEntry is where the solo entry goes (SPEC section 2): the searched address's summary, else the search. */
function soloEntry(): string {
  return session.get(sessionKeys.soloSearch) ? paths.account.soloSummary : paths.account.soloSearch;
}

/**
 * DesktopAccountShell frames every desktop pool-mode page: the section menu, and the
 * sub-account and coin switchers (switchers false: a page without them, the observer's
 * messages).
 */
export function DesktopAccountShell({ children, switchers = true }: { children: ReactNode; switchers?: boolean }) {
  const { t } = useTranslation();
  const { t: tp, ready } = usePoolTexts();
  const sel = usePoolSelection();
  const order = useCoinOrder();
  const { pathname, search } = useLocation();
  const keep = new URLSearchParams(search);
  const carry = ['coin', 'sub'].filter((k) => keep.get(k) !== null).map((k) => `${k}=${encodeURIComponent(keep.get(k)!)}`).join('&');
  const last = pathname.split('/').pop() ?? '';
  // A message belongs under the messages entry.
  const current = last === 'infoDetail' ? 'infoList' : last;
  const readOnly = useReadOnly();
  const { observerToken } = useSession();
  useSharedLinkInfo(readOnly ? observerToken : null);
  const unread = useMessageMarker(readOnly);
  const pathOf = usePoolPath();
  const entries = readOnly
    ? [
        ['observerList', 'pages.observerList', paths.observerMode.observerList] as const,
        ['infoList', 'pages.infoList', paths.observerMode.infoList] as const,
        ...menu.flatMap(([key, title]) => {
          const to = pathOf(key);
          return to ? [[key, title, to] as const] : [];
        }),
      ]
    : menu.map(([key, title]) => [key, title, key === 'soloSearch' ? soloEntry() : paths.account[key]] as const);
  return (
    <div className="up-pool-shell">
      <nav className="up-pool-shell__menu" aria-label={t(readOnly ? 'nav.observerMode' : 'nav.account')} data-testid="pool-menu">
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={entries.map(([key, title, to]) => ({
            key,
            label: (
              <Link to={`${to}${carry && key !== 'infoList' ? `?${carry}` : ''}`} data-testid={`pool-menu-${key}`}>
                {t(title)}
                {key === 'infoList' && unread > 0 ? (
                  <Badge
                    count={unread}
                    overflowCount={99}
                    style={{ marginInlineStart: 8 }}
                    aria-label={t('nav.unreadMessages', { count: unread })}
                    data-testid="message-badge"
                  />
                ) : null}
              </Link>
            ),
          }))}
        />
      </nav>
      <div className="up-pool-shell__main">
        {ready && switchers ? (
          <Space className="up-pool-shell__bar" size={16} wrap>
            <label>
              <span className="up-pool-shell__label">{tp('switcher.subAccount')}</span>
              <Select
                data-testid="sub-switcher"
                style={{ minWidth: 200 }}
                value={sel.subAccount?.code ?? ''}
                onChange={(v) => sel.setSubAccount(v || null)}
                options={[
                  { value: '', label: tp('switcher.allSubAccounts') },
                  ...sel.subAccounts.map((s) => ({ value: s.code, label: s.alias ? `${s.alias} (${s.code})` : s.code })),
                ]}
              />
            </label>
            <label>
              <span className="up-pool-shell__label">{tp('switcher.coin')}</span>
              <Select
                data-testid="coin-switcher"
                style={{ minWidth: 160 }}
                value={sel.coin?.type}
                onChange={(v) => sel.setCoin(v)}
                options={sel.coins.map((c) => ({
                  value: c.type,
                  label: (
                    <span className="up-pool-shell__coin">
                      {c.iconUrl ? <img src={c.iconUrl} alt="" width={16} height={16} /> : null}
                      {c.name}
                    </span>
                  ),
                }))}
              />
            </label>
            {order.available ? <CoinOrderButton order={order} /> : null}
          </Space>
        ) : null}
        {order.available ? <CoinOrderDialog order={order} /> : null}
        {children}
      </div>
    </div>
  );
}
