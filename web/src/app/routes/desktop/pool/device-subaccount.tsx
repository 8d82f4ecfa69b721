import { Button, Empty, Skeleton, Table } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { usePoolPath, useReadOnly } from '@/lib/read-only';
import type { SubAccount } from '@/features/pool/model/types';
import { LoadFailed } from './parts';
import { rateText } from '@/lib/hashrate';

/** DesktopDeviceSubaccount lists devices by sub-account, each leading to its device list. */
export function DesktopDeviceSubaccount() {
  const { t, tp, ready } = useDeviceTexts();
  const sel = usePoolSelection();
  const readOnly = useReadOnly();
  const listPath = usePoolPath()('orePoolAnlageuebersicht');
  const navigate = useNavigate();
  return (
    <PageFrame titleKey="pages.orePoolDeviceSubaccount">
      {!ready || sel.isLoading ? (
        <Skeleton active />
      ) : sel.error ? (
        <LoadFailed tp={tp} retry={sel.refetch} />
      ) : (
        <>
          <p className="up-pool-hint">{t('subs.intro')}</p>
          <Table<SubAccount>
            rowKey="code"
            dataSource={sel.subAccounts}
            pagination={false}
            locale={{
              // An observer's link may share none; the owner is led to create one.
              emptyText: (
                <Empty
                  description={
                    <span data-testid="subs-empty">
                      <strong>{t('subs.emptyTitle')}</strong>
                      <br />
                      {readOnly ? t('subs.emptyObserver') : t('subs.emptyBody')}
                    </span>
                  }
                >
                  {readOnly ? null : (
                    <Button type="primary" onClick={() => navigate(paths.account.orePoolSubAccountInfo)}>
                      {tp('start.create')}
                    </Button>
                  )}
                </Empty>
              ),
            }}
            columns={[
              {
                title: t('list.subAccount'),
                key: 'code',
                render: (_, s) => (
                  <Link to={`${listPath}?sub=${s.code}&coin=${s.defaultCoin}`}>{s.alias ? `${s.alias} (${s.code})` : s.code}</Link>
                ),
              },
              { title: tp('switcher.coin'), key: 'coin', render: (_, s) => s.defaultCoin },
              { title: tp('figure.online'), key: 'online', render: (_, s) => `${s.onlineCount} / ${s.deviceCount}` },
              { title: tp('figure.realTime'), key: 'rt', render: (_, s) => rateText(s.realTimeHashRate, tp('figure.measuring')) },
              { title: tp('figure.day'), key: 'day', render: (_, s) => rateText(s.dayHashRate, tp('figure.measuring')) },
            ]}
          />
        </>
      )}
    </PageFrame>
  );
}
