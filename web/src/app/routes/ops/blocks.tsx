// Blocks: every found block with its finder, reward, status, confirmations and the node's
// reason for an orphaned or refused one; filtered by coin and status, paged.
import { Tag } from 'antd';
import { useFormat } from '@/lib/use-format';
import { ListPage } from './list-page';
import { Copy, cols, useOpsT } from './widgets';

export function BlocksPage() {
  const t = useOpsT();
  const f = useFormat();
  return (
    <ListPage
      list="blocks"
      fields={['coin', 'status']}
      columns={[
        { title: t('fields.coin'), dataIndex: 'coin' },
        { title: t('blocks.height'), dataIndex: 'height' },
        cols.copy(t('blocks.hash'), 'hash', 8),
        {
          title: t('blocks.finder'),
          render: (_, b) =>
            b.solo ? (
              <>
                <Tag>{t('blocks.solo')}</Tag>
                <Copy text={b.soloAddress} keep={8} />
              </>
            ) : (
              b.subAccount
            ),
        },
        { title: t('blocks.worker'), dataIndex: 'worker' },
        { title: t('blocks.reward'), dataIndex: 'reward' },
        { title: t('blocks.effort'), dataIndex: 'effort', render: (e?: number) => (e ? f.percent(e, 1) : '—') },
        cols.status(t('fields.status')),
        { title: t('fields.confirmations'), dataIndex: 'confirmations' },
        { title: t('blocks.orphanReason'), dataIndex: 'reason', render: (r: string) => r || '—' },
        cols.time(t('blocks.foundAt'), 'foundAt'),
      ]}
    />
  );
}
