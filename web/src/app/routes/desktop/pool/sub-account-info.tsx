import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Skeleton, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { PoolStart } from '@/components/pool-start';
import { paths } from '@/config/paths';
import { usePoolSelection } from '@/features/pool/hooks/use-pool-selection';
import { coinChoices } from '@/features/pool/model/capabilities';
import type { SubAccount } from '@/features/pool/model/types';
import { useConfirmAction, useSubAccountForm } from '@/features/pool/sub-accounts/hooks/use-sub-account-form';
import { freshFor, type FreshUniplus } from '@/features/pool/sub-accounts/model/uniplus';
import { useSubAccountTexts } from '@/features/pool/sub-accounts/texts';
import { startSteps } from '@/features/pool/texts';
import { ConnectPanel, Copyable, LoadFailed } from './parts';
import { rateText } from '@/lib/hashrate';
import { useFormat } from '@/lib/use-format';

/** DesktopSubAccountInfo lists the sub-accounts, creates and changes them, and shows how to connect a rig. */
export function DesktopSubAccountInfo() {
  const { t, tp, ready } = useSubAccountTexts();
  const sel = usePoolSelection();
  const fmt = useFormat();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<SubAccount | null>(null);
  const [connectCode, setConnectCode] = useState('');
  // A new sub-account's Uniplus ID, from the create answer: its panel shows it once.
  const [fresh, setFresh] = useState<FreshUniplus | null>(null);
  const open = sel.coins.filter((c) => c.status === 1);
  const first = open[0]?.type ?? '';
  const create = useSubAccountForm('create', { code: '', alias: '', coin: first }, (made) => {
    setCreating(false);
    if (made) {
      setFresh(made);
      setConnectCode(made.code);
    }
  });
  const rename = useSubAccountForm('rename', { code: '', alias: '', coin: '' }, () => setRenaming(null));
  const action = useConfirmAction();
  const shown = connectCode || sel.subAccount?.code || sel.subAccounts[0]?.code || '';
  const startCreate = () => {
    create.reset({ code: '', alias: '', coin: first });
    setCreating(true);
  };
  const msg = (p: string | null, field: string) => (p ? t(`form.${field}${p[0]!.toUpperCase()}${p.slice(1)}`) : undefined);

  return (
    <PageFrame
      titleKey="pages.orePoolSubAccountInfo"
      actions={
        <Button type="primary" onClick={startCreate} data-testid="create-sub">
          {ready ? t('list.create') : ''}
        </Button>
      }
    >
      {!ready || sel.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : sel.error ? (
        <LoadFailed tp={tp} retry={sel.refetch} />
      ) : sel.subAccounts.length === 0 ? (
        <PoolStart
          title={tp('start.title')}
          steps={startSteps(tp)}
          actions={
            <>
              <Button type="primary" onClick={startCreate} data-testid="start-create">
                {tp('start.create')}
              </Button>
              <Link to={paths.tutorial.page('orePoolSignIn')}>{tp('start.tutorial')}</Link>
            </>
          }
        />
      ) : (
        <>
          {action.error ? <Alert type="error" showIcon closable onClose={action.clear} message={action.error} style={{ marginBottom: 16 }} data-testid="sub-error" /> : null}
          <Table<SubAccount>
            rowKey="code"
            data-testid="sub-table"
            dataSource={sel.subAccounts}
            pagination={false}
            columns={[
              {
                title: t('list.code'),
                key: 'code',
                render: (_, s) => (
                  <Copyable text={s.code} tp={tp} label={t('list.copyCode', { code: s.code })} copyTestId="sub-code-copy" nowrap>
                    <Link to={`${paths.account.orePoolSubAccountDetail}?code=${s.code}`}>{s.code}</Link>
                  </Copyable>
                ),
              },
              { title: t('list.alias'), key: 'alias', render: (_, s) => <span data-testid="sub-alias">{s.alias}</span> },
              {
                title: t('list.coin'),
                key: 'coin',
                render: (_, s) => (
                  <Select
                    size="small"
                    style={{ minWidth: 110 }}
                    value={s.defaultCoin}
                    popupMatchSelectWidth={false}
                    data-testid="sub-coin"
                    onChange={(coin) => action.run('changeCoin', { code: s.code, coin })}
                    // A coin without currencyChangeFlag is shown, disabled, with why.
                    options={coinChoices(sel.coins, s.defaultCoin).map((c) => ({
                      value: c.type,
                      disabled: c.disabled,
                      label: c.reason ? (
                        <span data-testid={`sub-coin-off-${c.type}`}>
                          {c.name} <span className="up-pool-hint">{`(${tp(c.reason)})`}</span>
                        </span>
                      ) : (
                        c.name
                      ),
                    }))}
                  />
                ),
              },
              { title: t('list.devices'), key: 'devices', render: (_, s) => <span data-testid="sub-devices">{`${s.onlineCount} / ${s.deviceCount}`}</span> },
              { title: t('list.realTime'), key: 'rt', render: (_, s) => rateText(s.realTimeHashRate, tp('figure.measuring')) },
              { title: t('list.day'), key: 'day', render: (_, s) => rateText(s.dayHashRate, tp('figure.measuring')) },
              { title: t('list.added'), key: 'added', render: (_, s) => fmt.date(s.addTime) },
              {
                title: t('list.actions'),
                key: 'actions',
                render: (_, s) => (
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => {
                        setConnectCode(s.code);
                        setFresh(null);
                      }}
                    >
                      {t('list.connect')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      data-testid="rename-sub"
                      onClick={() => {
                        rename.reset({ code: s.code, alias: s.alias, coin: '' });
                        setRenaming(s);
                      }}
                    >
                      {t('list.rename')}
                    </Button>
                    <Popconfirm
                      title={t('list.deleteConfirm', { code: s.code })}
                      okText={tp('common.confirm')}
                      cancelText={tp('common.cancel')}
                      onConfirm={() => action.run('remove', { code: s.code })}
                    >
                      <Button size="small" type="link" danger data-testid="delete-sub">
                        {t('list.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
          <div style={{ marginTop: 24 }}>{shown ? <ConnectPanel key={shown} code={shown} fresh={freshFor(fresh, shown)} t={t} tp={tp} /> : null}</div>
        </>
      )}
      <Modal
        open={creating}
        title={ready ? t('form.createTitle') : ''}
        okText={ready ? t('form.submit') : ''}
        cancelText={tp('common.cancel')}
        confirmLoading={create.pending}
        onOk={() => void create.submit()}
        onCancel={() => setCreating(false)}
        okButtonProps={{ id: 'create-submit' }}
      >
        <Form layout="vertical">
          <Form.Item label={t('list.code')} extra={t('form.codeHelp')} validateStatus={create.problems.code ? 'error' : ''} help={msg(create.problems.code, 'code')}>
            <Input data-testid="create-code" value={create.form.code} maxLength={20} onChange={(e) => create.set({ code: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('list.alias')} extra={t('form.aliasHelp')} validateStatus={create.problems.alias ? 'error' : ''} help={msg(create.problems.alias, 'alias')}>
            <Input data-testid="create-alias" value={create.form.alias} maxLength={20} onChange={(e) => create.set({ alias: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('list.coin')} validateStatus={create.problems.coin ? 'error' : ''} help={msg(create.problems.coin, 'coin')}>
            <Select data-testid="create-coin" value={create.form.coin} onChange={(coin) => create.set({ coin })} options={open.map((c) => ({ value: c.type, label: c.name }))} />
          </Form.Item>
          {create.serverError ? <Alert type="error" showIcon message={create.serverError} data-testid="create-error" /> : null}
        </Form>
      </Modal>
      <Modal
        open={renaming !== null}
        title={renaming ? t('form.renameTitle', { code: renaming.code }) : ''}
        okText={ready ? t('form.save') : ''}
        cancelText={tp('common.cancel')}
        confirmLoading={rename.pending}
        onOk={() => void rename.submit()}
        onCancel={() => setRenaming(null)}
        okButtonProps={{ id: 'rename-submit' }}
      >
        <Form layout="vertical">
          <Form.Item label={t('list.alias')} extra={t('form.aliasHelp')} validateStatus={rename.problems.alias ? 'error' : ''} help={msg(rename.problems.alias, 'alias')}>
            <Input data-testid="rename-alias" value={rename.form.alias} maxLength={20} onChange={(e) => rename.set({ alias: e.target.value })} />
          </Form.Item>
          {rename.serverError ? <Alert type="error" showIcon message={rename.serverError} /> : null}
        </Form>
      </Modal>
    </PageFrame>
  );
}
