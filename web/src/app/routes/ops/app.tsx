// The operator console's app: providers, the antd desktop shell's theme and language,
// and its own router (web/ops.html's entry, ops-main.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import koKR from 'antd/es/locale/ko_KR';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { setSignedOutHandler } from '@/features/ops/api';
import { opsKeys } from '@/features/ops/hooks';
import { currentLang, i18n } from '@/lib/i18n';
import type { Lang } from '@/lib/language';
import { notify, setNotifier } from '@/lib/notify';
import { antdTheme } from '../../layouts/desktop-theme';
import { createQueryClient } from '../../providers';
import { createOpsRouter } from './router';

const antdLocales: Record<Lang, Locale> = { zh_CN: zhCN, zh_HK: zhHK, en_US: enUS, ko_KR: koKR };

/** Notifier makes antd's message the console's notices. */
function Notifier() {
  const { message } = AntApp.useApp();
  useEffect(() => setNotifier((kind, text) => void message.open({ type: kind, content: text })), [message]);
  return null;
}

/** OpsApp is the whole console. */
export function OpsApp() {
  const [client] = useState(createQueryClient);
  const [router] = useState(createOpsRouter);
  useEffect(() => {
    // A 401 anywhere (the session ended after 30 minutes unused, or was ended): drop what
    // the console holds and go to sign-in, saying why, then come back to the same page.
    setSignedOutHandler((msg) => {
      // Said only to an operator who was signed in: a first visit just shows the sign-in.
      const hadSession = client.getQueryData(opsKeys.me) !== undefined;
      client.removeQueries({ queryKey: opsKeys.all });
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      if (msg && hadSession) notify('warning', msg);
      void router.navigate('/login', { replace: true, state: { from: pathname + search } });
    });
  }, [client, router]);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={antdLocales[currentLang()]} theme={antdTheme}>
          <AntApp>
            <Notifier />
            <RouterProvider router={router} />
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
