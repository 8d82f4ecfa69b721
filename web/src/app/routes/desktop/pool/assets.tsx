// Desktop asset pages: orePoolAssetsOverview and orePoolAssetsDetail (the journal). Logic
// lives in features/earnings; this file lays out antd widgets.
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Empty, Segmented, Select, Table, Tooltip } from 'antd';
import type { TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { CopyText } from '@/components/copy-text/copy-text';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { BALANCES, useAssetEntriesPage, useAssetsOverview, type Balance } from '@/features/earnings/hooks/use-assets';
import { scopeQuery } from '@/features/earnings/model/format';
import { ENTRY_KINDS, FIATS, type Asset, type Fiat } from '@/features/earnings/model/types';
import { subAccountChoices } from '@/features/earnings/model/withdraw-gate';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { Card, Loaded, paging } from './parts';
import { DesktopWithdrawals, DesktopWithdrawDialog } from './withdraw';

/** DesktopAssetsOverview: per coin, available, frozen, earned, withdrawn and value. */
export function DesktopAssetsOverview() {
  const { selection, subAccount: sub } = usePoolCodes();
  const v = useAssetsOverview(sub, !selection.isLoading);
  const { t } = v.texts;
  const balance = (k: Balance): TableColumnType<Asset> => ({
    key: k,
    title:
      k === 'frozen' ? (
        <Tooltip title={t('assets.frozenHint')}>
          {t('assets.frozen')} <QuestionCircleOutlined />
        </Tooltip>
      ) : (
        t(`assets.${k}`)
      ),
    align: 'right',
    className: 'up-pool-nowrap',
    // Available, the figure a withdrawal takes from, stays beside the coin.
    fixed: k === 'available' ? 'left' : undefined,
    render: (_, a) => <span data-testid={`asset-${k}-${a.coin}`}>{v.amount(a, k)}</span>,
  });
  return (
    <PageFrame
      titleKey="pages.orePoolAssetsOverview"
      actions={
        <span>
          <span className="up-pool-hint" style={{ marginRight: 8 }}>
            {t('assets.fiat')}
          </span>
          <Segmented value={v.fiat} onChange={(f) => v.setFiat(f as Fiat)} options={FIATS} data-testid="assets-fiat" />
        </span>
      }
    >
      <Loaded state={v} tp={t} rows={6}>
        <>
          <div className="up-pool-cards">
            <div data-testid="assets-total">
              <Card label={t('assets.totalValue')} value={v.totalText} unit={v.fiat} />
            </div>
          </div>
          {v.empty ? <Empty description={`${t('assets.emptyTitle')}. ${t('assets.emptyBody')}`} style={{ marginBottom: 16 }} /> : null}
          {sub ? null : (
            // Under all sub-accounts the sums cannot be withdrawn from: say why in the page
            // and offer the sub-accounts right here (the choice switches the whole page).
            <Alert
              type="info"
              showIcon
              data-testid="withdraw-pick"
              style={{ marginBottom: 16 }}
              message={t('assets.allTitle')}
              description={
                <>
                  <p style={{ margin: '0 0 8px' }}>{t('assets.allBody')}</p>
                  {selection.subAccounts.length > 0 ? (
                    <label>
                      <span className="up-pool-hint" style={{ marginRight: 8 }}>
                        {t('assets.withdrawFrom')}
                      </span>
                      <Select
                        style={{ minWidth: 220 }}
                        placeholder={t('assets.pickPlaceholder')}
                        options={subAccountChoices(selection.subAccounts)}
                        onChange={(code: string) => selection.setSubAccount(code)}
                        data-testid="withdraw-sub-picker"
                      />
                    </label>
                  ) : null}
                </>
              }
            />
          )}
          <Table<Asset>
            rowKey="coin"
            pagination={false}
            dataSource={v.rows}
            data-testid="assets-table"
            // As wide as the figures want; wider than the page, the table scrolls by itself
            // with Coin and Available fixed on the left and Withdraw on the right, so the
            // button is always on screen and the row it belongs to stays named.
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'coin', title: t('assets.coin'), fixed: 'left', render: (_, a) => <strong>{a.coin}</strong> },
              ...BALANCES.map(balance),
              { key: 'price', title: t('assets.price'), align: 'right', className: 'up-pool-nowrap', render: (_, a) => v.money(a.price) },
              { key: 'value', title: t('assets.value'), align: 'right', className: 'up-pool-nowrap', render: (_, a) => v.money(a.fiatValue) },
              {
                key: 'entries',
                title: '',
                fixed: 'right',
                className: 'up-pool-nowrap',
                render: (_, a) => {
                  const block = v.blockOf(a);
                  return (
                    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                      <Tooltip title={block ? t(`assets.${block}`) : ''}>
                        <Button size="small" type="primary" disabled={block !== null} onClick={() => v.startWithdraw(a.coin)} data-testid={`withdraw-${a.coin}`}>
                          {t('assets.withdraw')}
                        </Button>
                      </Tooltip>
                      <Link to={`${paths.account.orePoolAssetsDetail}${scopeQuery(a.coin, sub)}`}>{t('assets.entries')}</Link>
                    </span>
                  );
                },
              },
            ]}
          />
          <DesktopWithdrawDialog sub={sub} coin={v.withdrawing} open={v.withdrawing !== ''} onClose={v.stopWithdraw} onDone={v.retry} />
        </>
      </Loaded>
      <DesktopWithdrawals sub={sub} ready={!selection.isLoading} onSettled={v.retry} />
    </PageFrame>
  );
}

/** DesktopAssetsDetail: the chosen coin's journal, by type and dates, newest first. */
export function DesktopAssetsDetail() {
  const { coin, subAccount } = usePoolCodes();
  const v = useAssetEntriesPage(coin, subAccount);
  const { t } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolAssetsDetail">
      <div className="up-pool-filters">
        <Select
          value={v.kind}
          onChange={v.setKind}
          style={{ width: 160 }}
          options={[{ value: '', label: t('entries.allKinds') }, ...ENTRY_KINDS.map((k) => ({ value: k, label: t(`entries.kinds.${k}`) }))]}
          data-testid="entries-kind"
        />
        <DatePicker.RangePicker
          value={[v.from ? dayjs(v.from) : null, v.to ? dayjs(v.to) : null]}
          onChange={(r) => v.setRange(r?.[0]?.format('YYYY-MM-DD') ?? '', r?.[1]?.format('YYYY-MM-DD') ?? '')}
          allowEmpty={[true, true]}
          placeholder={[t('entries.from'), t('entries.to')]}
          data-testid="entries-range"
        />
        {v.filtered ? <Button onClick={v.clear}>{t('entries.clear')}</Button> : null}
      </div>
      <Loaded state={v} tp={t} rows={6}>
        <Table
          rowKey="id"
          dataSource={v.rows}
          data-testid="entries-table"
          locale={{ emptyText: <Empty description={`${t('entries.emptyTitle')}. ${t('entries.emptyBody')}`} /> }}
          pagination={paging(v, (n) => t('entries.total', { count: n }))}
          columns={[
            { key: 'time', title: t('entries.time'), render: (_, e) => v.time(e.createdAt) },
            { key: 'sub', title: t('entries.subAccount'), dataIndex: 'subAccount' },
            { key: 'kind', title: t('entries.kind'), render: (_, e) => t(`entries.kinds.${e.kind}`) },
            { key: 'amount', title: t('entries.amount'), align: 'right', render: (_, e) => <strong data-testid="entry-amount">{v.amount(e)}</strong> },
            { key: 'ref', title: t('entries.ref'), render: (_, e) => (e.ref ? <CopyText text={e.ref} keep={10} testId="entry-ref" /> : '—') },
          ]}
        />
      </Loaded>
    </PageFrame>
  );
}
