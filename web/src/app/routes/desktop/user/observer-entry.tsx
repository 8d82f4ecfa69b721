// /observerMode/observerList on the desktop: where an observer link lands. Logic lives in
// features/observer; this file lays out antd widgets.
import { Alert, Button, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { ShareValue } from '@/features/observer/components/share-value';
import { useObserverEntry } from '@/features/observer/hooks/use-observer-entry';

/** DesktopObserverEntry shows what the link shares and leads to its pages. */
export function DesktopObserverEntry() {
  const e = useObserverEntry();
  const { t } = e.texts;
  const navigate = useNavigate();
  return (
    <PageFrame titleKey="pages.observerList">
      {e.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : e.state === 'failed' ? (
        <div data-testid="observer-failed">
          <Result
            status="error"
            title={t('entry.failed')}
            extra={
              <Button type="primary" onClick={e.retry} data-testid="observer-retry">
                {t('common.retry')}
              </Button>
            }
          />
        </div>
      ) : e.state === 'none' || e.state === 'gone' ? (
        <div data-testid={`observer-${e.state}`}>
          <Result
            status={e.state === 'gone' ? 'warning' : 'info'}
            title={t(`entry.${e.state}`)}
            subTitle={e.ownLinks ? <span data-testid="observer-owner">{t('entry.owner')}</span> : undefined}
            extra={
              e.ownLinks ? (
                <Button type="primary" onClick={() => navigate(paths.observer)} data-testid="observer-own-links">
                  {t('entry.toOwnLinks')}
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : e.info ? (
        <div data-testid="observer-entry">
          <Alert type="info" showIcon message={t('entry.readOnly')} style={{ marginBottom: 16 }} />
          <Descriptions bordered column={1} title={t('entry.shares')} size="middle">
            {e.rows.map((row) => (
              <Descriptions.Item key={row.key} label={row.label}>
                <ShareValue row={row} tag={coinTag} />
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            {e.info.machineInfoEnabled ? (
              <Button type="primary" onClick={() => navigate(paths.observerMode.orePoolDeviceOverview)} data-testid="observer-to-devices">
                {t('entry.toDevices')}
              </Button>
            ) : null}
            {e.info.incomeInfoEnabled ? (
              <Button type={e.info.machineInfoEnabled ? 'default' : 'primary'} onClick={() => navigate(paths.observerMode.orePoolRevenueSummary)} data-testid="observer-to-revenue">
                {t('entry.toRevenue')}
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
    </PageFrame>
  );
}


function coinTag(c: string) {
  return (
    <Tag key={c} data-testid={`observer-coin-${c}`}>
      {c}
    </Tag>
  );
}
