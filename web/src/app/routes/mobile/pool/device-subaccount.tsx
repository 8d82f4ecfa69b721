import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useMobilePoolPath, useReadOnly } from '@/lib/read-only';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { MLoadFailed } from './parts';
import { rateText } from '@/lib/hashrate';

/** MobileDeviceSubaccount lists devices by sub-account, each leading to its device list. */
export function MobileDeviceSubaccount() {
  const { t, tp, ready } = useDeviceTexts();
  const sel = usePoolSelection();
  const readOnly = useReadOnly();
  const listPath = useMobilePoolPath()('orePoolAnlageuebersicht');
  const navigate = useNavigate();
  return (
    <PageFrame titleKey="pages.orePoolDeviceSubaccount">
      {!ready || sel.isLoading ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : sel.error ? (
        <MLoadFailed tp={tp} retry={sel.refetch} />
      ) : sel.subAccounts.length === 0 ? (
        // An observer's link may share none; the owner is led to create one.
        <ErrorBlock
          status="empty"
          title={t('subs.emptyTitle')}
          description={readOnly ? t('subs.emptyObserver') : t('subs.emptyBody')}
          fullPage={false}
          data-testid="subs-empty"
        >
          {readOnly ? null : (
            <Button color="primary" size="small" onClick={() => navigate(mobilePaths.account.orePoolSubAccountInfo)}>
              {tp('start.create')}
            </Button>
          )}
        </ErrorBlock>
      ) : (
        <>
          <p className="up-mpool-hint">{t('subs.intro')}</p>
          {sel.subAccounts.map((s) => (
            <Link key={s.code} to={`${listPath}?sub=${s.code}&coin=${s.defaultCoin}`} className="up-mpool-device" style={{ display: 'block', color: 'inherit' }}>
              <div className="up-mpool-device__head">
                <span className="up-mpool-device__name" title={s.alias ? `${s.alias} (${s.code})` : s.code}>
                  {s.alias ? `${s.alias} (${s.code})` : s.code}
                </span>
                <span className="up-mpool-device__aside">{`${s.onlineCount} / ${s.deviceCount}`}</span>
              </div>
              <div className="up-mpool-row">
                <span>{tp('figure.realTime')}</span>
                <span>{rateText(s.realTimeHashRate, tp('figure.measuring'))}</span>
              </div>
            </Link>
          ))}
        </>
      )}
    </PageFrame>
  );
}
