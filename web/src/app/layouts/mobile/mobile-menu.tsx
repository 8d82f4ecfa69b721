import { Badge, Collapse, Dialog, List, Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { useLanguageList } from '@/features/language/api/get-language-list';
import { chooseLanguage } from '@/lib/i18n';
import { languageMenu } from '@/lib/language';
import { observerMayOpen } from '@/lib/read-only';
import { session, sessionKeys } from '@/lib/storage';
import { useSession } from '@/lib/use-session';
import { useLang } from '../use-lang';

/** MOBILE_PANEL_TOP is where the side panel starts, under the nav. */
export const MOBILE_PANEL_TOP = 54;

interface Entry {
  key: string;
  label: string;
  to: string;
  needsLogin?: boolean;
  badge?: number;
}

/**
 * MobileMenu is the hamburger's panel: 80% wide from the right, 54 px from the
 * top, one accordion with the account, observer and language sections.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const { token, observerToken, observerInfo, unreadCount } = useSession();
  const languages = languageMenu(useLanguageList().data);
  const [section, setSection] = useState<string | null>(null);

  const go = (entry: Entry) => {
    if (entry.needsLogin && !token) {
      Dialog.confirm({
        title: t('dialog.loginRequiredTitle'),
        content: t('dialog.loginRequiredBody'),
        cancelText: t('dialog.iKnow'),
        confirmText: t('dialog.goLogin'),
        onConfirm: () => {
          onClose();
          navigate(mobilePaths.login);
        },
      });
      return;
    }
    onClose();
    navigate(entry.to);
  };

  const account: Entry[] = [
    { key: 'subAccountInfo', label: t('nav.subAccountInfo'), to: mobilePaths.account.orePoolSubAccountInfo, needsLogin: true },
    { key: 'deviceOverview', label: t('nav.deviceOverview'), to: mobilePaths.account.orePoolDeviceOverview, needsLogin: true },
    { key: 'revenueSummary', label: t('nav.revenueSummary'), to: mobilePaths.account.orePoolRevenueSummary, needsLogin: true },
    { key: 'assetsOverview', label: t('nav.assetsOverview'), to: mobilePaths.account.assetsOverview, needsLogin: true },
    {
      key: 'soloSearch',
      label: t('nav.soloSearch'),
      // A remembered solo search opens its summary; otherwise the search page.
      to: session.get(sessionKeys.soloSearch) ? mobilePaths.account.soloSummary : mobilePaths.account.soloSearch,
    },
  ];

  const observer: Entry[] = [
    { key: 'observerList', label: t('nav.observerList'), to: mobilePaths.observerMode.observerList },
  ];
  if (observerMayOpen('orePoolDeviceOverview', observerInfo)) {
    observer.push({ key: 'observerDevices', label: t('nav.deviceOverview'), to: mobilePaths.observerMode.orePoolDeviceOverview });
  }
  if (observerMayOpen('orePoolRevenueSummary', observerInfo)) {
    observer.push({ key: 'observerRevenue', label: t('nav.revenueSummary'), to: mobilePaths.observerMode.orePoolRevenueSummary });
  }
  if (observerToken) {
    observer.push({
      key: 'observerMessages',
      label: t('nav.messages'),
      to: mobilePaths.observerMode.helplist('infoList'),
      badge: unreadCount,
    });
  }

  const single = (entries: Entry[]) => (
    <List className="up-mmenu__list">
      {entries.map((entry) => (
        <List.Item
          key={entry.key}
          onClick={() => go(entry)}
          data-testid={`mmenu-${entry.key}`}
          extra={
            entry.badge ? (
              <Badge content={entry.badge} aria-label={t('nav.unreadMessages', { count: entry.badge })} />
            ) : undefined
          }
        >
          {entry.label}
        </List.Item>
      ))}
    </List>
  );

  const accordion = (keys: string[]) => ({
    activeKey: section && keys.includes(section) ? section : null,
    onChange: (key: string | null) => setSection(key),
  });

  return (
    <Popup
      visible={open}
      position="right"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="up-mmenu"
      bodyStyle={{ width: '80vw', top: MOBILE_PANEL_TOP, height: `calc(100% - ${MOBILE_PANEL_TOP}px)`, overflowY: 'auto' }}
      maskStyle={{ top: MOBILE_PANEL_TOP }}
    >
      <nav aria-label={t('nav.mainMenu')} data-testid="mobile-menu">
        {single([{ key: 'home', label: t('nav.home'), to: mobilePaths.home }])}
        <Collapse accordion {...accordion(['account', 'observer'])}>
          <Collapse.Panel key="account" title={t('nav.accountSection')}>
            {single(account)}
          </Collapse.Panel>
          <Collapse.Panel key="observer" title={t('nav.observerSection')}>
            {single(observer)}
          </Collapse.Panel>
        </Collapse>
        {single([
          { key: 'explorer', label: t('nav.explorer'), to: mobilePaths.explorer.overView },
          { key: 'help', label: t('nav.help'), to: mobilePaths.help.helpcenter },
          { key: 'os', label: t('nav.os'), to: mobilePaths.os },
          { key: 'download', label: t('nav.download'), to: mobilePaths.upload },
        ])}
        <Collapse accordion {...accordion(['language'])}>
          <Collapse.Panel key="language" title={t('nav.languageSection')}>
            <List className="up-mmenu__list" aria-label={t('nav.language')}>
              {languages.map(({ lang: code, label }) => (
                <List.Item
                  key={code}
                  aria-current={code === lang ? 'true' : undefined}
                  onClick={() => code !== lang && chooseLanguage(code)}
                  extra={code === lang ? <CheckOutline color="var(--adm-color-primary)" /> : undefined}
                  data-testid={`mmenu-lang-${code}`}
                >
                  <span lang={code.replace('_', '-')}>{label}</span>
                </List.Item>
              ))}
            </List>
          </Collapse.Panel>
        </Collapse>
      </nav>
    </Popup>
  );
}
