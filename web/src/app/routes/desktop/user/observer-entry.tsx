// /observerMode/observerList on the desktop: where an observer link lands. Logic and the
// state switch live in features/observer; this file lays out antd widgets.
import { Alert, Button, Descriptions, Result, Skeleton, Space, Tag } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { EntryStates } from '@/features/observer/components/entry-states';
import { ShareValue } from '@/features/observer/components/share-value';
import { useObserverEntry } from '@/features/observer/hooks/use-observer-entry';

const to = { ownLinks: paths.observer, devices: paths.observerMode.orePoolDeviceOverview, revenue: paths.observerMode.orePoolRevenueSummary };

/** DesktopObserverEntry shows what the link shares and leads to its pages. */
export function DesktopObserverEntry() {
  const e = useObserverEntry(to);
  return (
    <PageFrame titleKey="pages.observerList">
      <EntryStates
        entry={e}
        loading={<Skeleton active paragraph={{ rows: 4 }} />}
        failed={(f) => (
          <Result
            status="error"
            title={f.title}
            extra={
              <Button type="primary" onClick={f.retry} data-testid="observer-retry">
                {f.retryLabel}
              </Button>
            }
          />
        )}
        missing={(m) => (
          <Result
            status={m.gone ? 'warning' : 'info'}
            title={m.title}
            subTitle={m.toOwnLinks ? <span data-testid="observer-owner">{m.toOwnLinks.owner}</span> : undefined}
            extra={
              m.toOwnLinks ? (
                <Button type="primary" onClick={m.toOwnLinks.go} data-testid="observer-own-links">
                  {m.toOwnLinks.label}
                </Button>
              ) : undefined
            }
          />
        )}
        open={(o) => (
          <>
            <Alert type="info" showIcon message={o.readOnly} style={{ marginBottom: 16 }} />
            <Descriptions bordered column={1} title={o.sharesTitle} size="middle">
              {o.rows.map((row) => (
                <Descriptions.Item key={row.key} label={row.label}>
                  <ShareValue row={row} tag={coinTag} />
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Space style={{ marginTop: 16 }}>
              {o.actions.map((a) => (
                <Button key={a.key} type={a.primary ? 'primary' : 'default'} onClick={a.go} data-testid={a.testId}>
                  {a.label}
                </Button>
              ))}
            </Space>
          </>
        )}
      />
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
