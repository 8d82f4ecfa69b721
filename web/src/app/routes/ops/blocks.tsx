// Blocks: every found block with its finder, reward, status, confirmations and the node's
// reason for an orphaned or refused one; filtered by coin and status, paged.
import { Button, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { opsApi } from '@/features/ops/api';
import { useCursorList } from '@/features/ops/hooks';
import { BLOCK_FILTERS, BLOCK_STATUSES, type Block } from '@/features/ops/models';
import { useFormat } from '@/lib/use-format';
import { Copy, Loaded, NoRows, PageTitle, Pager, StatusTag, When, useOpsT, useUrlFilters } from './widgets';

export function BlocksPage() {
  const t = useOpsT();
  const f = useFormat();
  const [filters, apply] = useUrlFilters(BLOCK_FILTERS);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList('blocks', filters, opsApi.blocks);
  return (
    <>
      <PageTitle>{t('blocks.title')}</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={() => apply(draft)}>
        <Form.Item label={t('fields.coin')}>
          <Input style={{ width: 100 }} value={draft.coin} onChange={(e) => setDraft({ ...draft, coin: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('fields.status')}>
          <Select
            style={{ width: 150 }}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            options={[{ value: '', label: t('list.any') }, ...BLOCK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('list.apply')}
        </Button>
      </Form>
      <Loaded query={list.query}>
        {() => (
          <>
            <Table<Block>
              rowKey="id"
              size="small"
              dataSource={list.items}
              pagination={false}
              locale={{ emptyText: <NoRows /> }}
              data-testid="ops-blocks"
              columns={[
                { title: t('fields.coin'), dataIndex: 'coin' },
                { title: t('blocks.height'), dataIndex: 'height' },
                { title: t('blocks.hash'), dataIndex: 'hash', render: (h: string) => <Copy text={h} keep={8} /> },
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
                { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
                { title: t('fields.confirmations'), dataIndex: 'confirmations' },
                { title: t('blocks.orphanReason'), dataIndex: 'reason', render: (r: string) => r || '—' },
                { title: t('blocks.foundAt'), dataIndex: 'foundAt', render: (at: number) => <When at={at} /> },
              ]}
            />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}
