import { App as AntApp, ConfigProvider, Skeleton } from 'antd';
import enUS from 'antd/es/locale/en_US';
import koKR from 'antd/es/locale/ko_KR';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import type { Locale } from 'antd/es/locale';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { BackToTop } from '@/components/back-to-top';
import type { Lang } from '@/lib/language';
import { setNotifier } from '@/lib/notify';
import { DesktopHeader } from './desktop-header';
import { antdTheme } from './desktop-theme';
import { SiteFooter } from './site-footer';
import { useLang } from './use-lang';
import './desktop-layout.css';

const antdLocales: Record<Lang, Locale> = { zh_CN: zhCN, zh_HK: zhHK, en_US: enUS, ko_KR: koKR };

/** AntdNotifier makes antd `message` the app's notifier while the desktop tree is shown. */
function AntdNotifier() {
  const { message } = AntApp.useApp();
  useEffect(
    () =>
      setNotifier((kind, text, options) => {
        void message.open({
          type: kind,
          content: text,
          ...(options?.durationMs !== undefined ? { duration: options.durationMs / 1000 } : {}),
        });
      }),
    [message],
  );
  return null;
}

/** RouteLoading holds the page's place with grey blocks while its code downloads. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      style={{ maxWidth: 1200, minHeight: '40vh', margin: '0 auto', padding: '48px 24px' }}
    >
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3, width: ['90%', '75%', '60%'] }} />
      <Skeleton active title={false} paragraph={{ rows: 5 }} style={{ marginTop: 32 }} />
    </div>
  );
}

/** DesktopLayout is the desktop shell: antd theme and locale, header, page, footer. */
export default function DesktopLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ConfigProvider locale={antdLocales[lang]} theme={antdTheme}>
      <AntApp className="up-d">
        <AntdNotifier />
        <a className="up-skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        <DesktopHeader />
        <main id="main" className="up-d__main" tabIndex={-1}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter source="pc" />
        <BackToTop />
      </AntApp>
    </ConfigProvider>
  );
}
