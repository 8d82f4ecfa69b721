import { Skeleton } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useSubAccountDetailPage } from '@/features/pool/sub-accounts/hooks/use-sub-account-detail-page';
import { MCard, MConnectPanel, MHistoryChart, MLoadFailed } from './parts';

/** MobileSubAccountDetail shows one sub-account's figures, chart and connection details (?code=). */
export function MobileSubAccountDetail() {
  const v = useSubAccountDetailPage();
  const { t, tp } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolSubAccountDetail">
      {v.state === 'loading' ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : v.state === 'missing' ? (
        <p>{t('detail.missing')}</p>
      ) : v.state === 'failed' ? (
        <>
          {v.message ? <p role="alert">{v.message}</p> : null}
          <MLoadFailed tp={tp} retry={v.retry} />
        </>
      ) : (
        <>
          <div className="up-mpool-cards">
            {v.figures.map((f) => (
              <MCard key={f.key} label={f.label} value={f.value} unit={f.unit} />
            ))}
          </div>
          <section className="up-mpool-panel">
            <MHistoryChart chart={v.chart} tp={tp} />
          </section>
          <p>
            <Link to={`${mobilePaths.account.orePoolAnlageuebersicht}${v.devicesQuery}`}>{t('detail.viewDevices')}</Link>
          </p>
          <p>
            <Link to={`${mobilePaths.account.orePoolAlertSet}?sub=${encodeURIComponent(v.code)}`} data-testid="to-alerts">
              {t('detail.alerts')}
            </Link>
          </p>
          <MConnectPanel code={v.code} t={t} tp={tp} />
        </>
      )}
    </PageFrame>
  );
}
