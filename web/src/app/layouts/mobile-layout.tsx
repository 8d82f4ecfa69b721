import { ConfigProvider, Skeleton } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { BackToTop } from '@/components/back-to-top';
import type { Lang } from '@/lib/language';
import { setNotifier } from '@/lib/notify';
import type { RouteHandle } from '../route-handle';
import { MobileHeader } from './mobile/mobile-header';
import { SiteFooter } from './site-footer';
import { useLang } from './use-lang';
import './mobile-layout.css';

const mobileLocales: Record<Lang, typeof enUS> = { zh_CN: zhCN, zh_HK: zhHK, en_US: enUS, ko_KR: koKR };

// Toast's code (its mask and animation library) loads with the first message, not the page.
const loadToast = () => import('./mobile/toast').then((m) => m.showToast);

function useToastNotifier() {
  useEffect(
    () =>
      setNotifier((kind, content, options) => {
        void loadToast().then((show) => show(kind, content, options));
      }),
    [],
  );
}

/** MobileRouteLoading holds the page's place with grey blocks while its code downloads. */
function MobileRouteLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} style={{ minHeight: '40vh', padding: 16 }}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </div>
  );
}

/** MobileLayout is the /mobile shell: antd-mobile locale, nav, page, footer. */
export default function MobileLayout() {
  const { t } = useTranslation();
  const lang = useLang();
  const matches = useMatches();
  const chrome = !matches.some((m) => (m.handle as RouteHandle | undefined)?.chrome === false);
  useToastNotifier();

  return (
    <ConfigProvider locale={mobileLocales[lang]}>
      <div className="up-m">
        {chrome ? (
          <a className="up-skip-link" href="#main">
            {t('nav.skipToContent')}
          </a>
        ) : null}
        {chrome ? <MobileHeader /> : null}
        <main id="main" className="up-m__main" tabIndex={-1}>
          <Suspense fallback={<MobileRouteLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {chrome ? <SiteFooter source="mobile" /> : null}
        <BackToTop />
      </div>
    </ConfigProvider>
  );
}
