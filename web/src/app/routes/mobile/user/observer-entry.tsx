// /mobile/observerMode/observerList: where an observer link lands on a phone. Logic and the
// state switch live in features/observer; this file lays out antd-mobile widgets.
import { Button, ErrorBlock, List, NoticeBar, Skeleton, Tag } from 'antd-mobile';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { EntryStates } from '@/features/observer/components/entry-states';
import { ShareValue } from '@/features/observer/components/share-value';
import { useObserverEntry } from '@/features/observer/hooks/use-observer-entry';

const to = { ownLinks: mobilePaths.observer, devices: mobilePaths.observerMode.orePoolDeviceOverview, revenue: mobilePaths.observerMode.orePoolRevenueSummary };

/** MobileObserverEntry shows what the link shares and leads to its pages. */
export function MobileObserverEntry() {
  const e = useObserverEntry(to);
  return (
    <PageFrame titleKey="pages.observerList">
      <EntryStates
        entry={e}
        loading={<Skeleton.Paragraph lineCount={6} animated />}
        failed={(f) => (
          <>
            <ErrorBlock status="default" title={f.title} description="" fullPage={false} />
            <Button block color="primary" onClick={f.retry} data-testid="observer-retry" style={{ marginTop: 12 }}>
              {f.retryLabel}
            </Button>
          </>
        )}
        missing={(m) => (
          <>
            <ErrorBlock
              status={m.gone ? 'disconnected' : 'empty'}
              title={m.title}
              description={m.toOwnLinks ? <span data-testid="observer-owner">{m.toOwnLinks.owner}</span> : ''}
              fullPage={false}
            />
            {m.toOwnLinks ? (
              <Button block color="primary" onClick={m.toOwnLinks.go} data-testid="observer-own-links" style={{ marginTop: 12 }}>
                {m.toOwnLinks.label}
              </Button>
            ) : null}
          </>
        )}
        open={(o) => (
          <>
            <NoticeBar content={o.readOnly} color="info" wrap />
            <List header={o.sharesTitle}>
              {o.rows.map((row) => (
                <List.Item key={row.key} extra={<ShareValue row={row} tag={coinTag} />}>
                  {row.label}
                </List.Item>
              ))}
            </List>
            <div style={{ display: 'grid', gap: 12, marginTop: 16 }}>
              {o.actions.map((a) => (
                <Button key={a.key} block color={a.primary ? 'primary' : 'default'} onClick={a.go} data-testid={a.testId}>
                  {a.label}
                </Button>
              ))}
            </div>
          </>
        )}
      />
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
