import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { reloadPage } from '@/lib/navigation';
import { local, localKeys } from '@/lib/storage';
import { fetchServerVersion, judgeVersion, scheduleVersionReload } from '@/lib/version';

/**
 * VersionWatch checks /version.json at start and on every route change. The
 * first visit stores the version; a different one shows the "version update"
 * loader after 2 s and reloads after 3 s with the new version stored.
 */
export function VersionWatch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [updating, setUpdating] = useState(false);
  const scheduled = useRef(false);

  useEffect(() => {
    if (scheduled.current) return undefined;
    let stale = false;
    void fetchServerVersion().then((server) => {
      if (stale || scheduled.current || !server) return;
      const verdict = judgeVersion(local.get(localKeys.version), server);
      if (verdict === 'first-visit') local.set(localKeys.version, server);
      if (verdict === 'changed') {
        scheduled.current = true;
        scheduleVersionReload(server, () => setUpdating(true), reloadPage);
      }
    });
    return () => {
      stale = true;
    };
  }, [pathname]);

  return updating ? <FullScreenLoader message={t('version.updating')} testId="version-loader" /> : null;
}
