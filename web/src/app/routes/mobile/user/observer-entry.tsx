// /mobile/observerMode/observerList: where an observer link lands on a phone. Logic lives in
// features/observer; this file lays out antd-mobile widgets.
import { Button, ErrorBlock, List, NoticeBar, Skeleton, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { ShareValue } from '@/features/observer/components/share-value';
import { useObserverEntry } from '@/features/observer/hooks/use-observer-entry';

/** MobileObserverEntry shows what the link shares and leads to its pages. */
export function MobileObserverEntry() {
  const e = useObserverEntry();
  const { t } = e.texts;
  const navigate = useNavigate();
  return (
    <PageFrame titleKey="pages.observerList">
      {e.state === 'loading' ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : e.state === 'failed' ? (
        <div data-testid="observer-failed">
          <ErrorBlock status="default" title={t('entry.failed')} description="" fullPage={false} />
          <Button block color="primary" onClick={e.retry} data-testid="observer-retry" style={{ marginTop: 12 }}>
            {t('common.retry')}
          </Button>
        </div>
      ) : e.state === 'none' || e.state === 'gone' ? (
        <div data-testid={`observer-${e.state}`}>
          <ErrorBlock
            status={e.state === 'gone' ? 'disconnected' : 'empty'}
            title={t(`entry.${e.state}`)}
            description={e.ownLinks ? <span data-testid="observer-owner">{t('entry.owner')}</span> : ''}
            fullPage={false}
          />
          {e.ownLinks ? (
            <Button block color="primary" onClick={() => navigate(mobilePaths.observer)} data-testid="observer-own-links" style={{ marginTop: 12 }}>
              {t('entry.toOwnLinks')}
            </Button>
          ) : null}
        </div>
      ) : e.info ? (
        <div data-testid="observer-entry">
          <NoticeBar content={t('entry.readOnly')} color="info" wrap />
          <List header={t('entry.shares')}>
            {e.rows.map((row) => (
              <List.Item key={row.key} extra={<ShareValue row={row} tag={coinTag} />}>
                {row.label}
              </List.Item>
            ))}
          </List>
          <div style={{ display: 'grid', gap: 12, marginTop: 16 }}>
            {e.info.machineInfoEnabled ? (
              <Button block color="primary" onClick={() => navigate(mobilePaths.observerMode.orePoolDeviceOverview)} data-testid="observer-to-devices">
                {t('entry.toDevices')}
              </Button>
            ) : null}
            {e.info.incomeInfoEnabled ? (
              <Button block color={e.info.machineInfoEnabled ? 'default' : 'primary'} onClick={() => navigate(mobilePaths.observerMode.orePoolRevenueSummary)} data-testid="observer-to-revenue">
                {t('entry.toRevenue')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </PageFrame>
  );
}


function coinTag(c: string) {
  return (
    <Tag key={c} color="primary" fill="outline" style={{ marginLeft: 4 }} data-testid={`observer-coin-${c}`}>
      {c}
    </Tag>
  );
}
