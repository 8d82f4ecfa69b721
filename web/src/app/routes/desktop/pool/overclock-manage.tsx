import { DeleteOutlined, EditOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PageFrame } from '@/components/page-frame';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/config/paths';
import { PAGE_SIZES, type PageSize } from '@/features/pool/model/types';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { DesktopTemplateForm } from '@/features/pool/overclock/components/desktop-template-form';
import { OverclockRuleChips } from '@/features/pool/overclock/components/rule-chips';
import { useTemplateList } from '@/features/pool/overclock/hooks/use-template-list';
import { SettingChips } from '@/features/pool/overclock/components/setting-chips';
import { settingChips } from '@/features/pool/overclock/model/rules';
import type { OverclockTemplate } from '@/features/pool/overclock/model/types';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/components/card/card.css';
import '@/features/pool/overclock/components/overclock.css';

/** DesktopOverclockManage is the desktop orePoolOverclockManage page: the user's overclock templates. */
export function DesktopOverclockManage() {
  const { t, tp, ready, lang } = useOverclockTexts();
  const list = useTemplateList();
  const title = 'pages.orePoolOverclockManage';

  if (!ready) {
    return (
      <PageFrame titleKey={title}>
        <div className="up-card" role="status">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </PageFrame>
    );
  }

  const columns: ColumnsType<OverclockTemplate> = [
    { title: t('manage.name'), dataIndex: 'name', render: (v: string) => <strong data-testid="template-row-name">{v}</strong> },
    { title: t('manage.coin'), dataIndex: 'coin', width: 110, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('manage.gpuCategory'), dataIndex: 'gpuCategory', width: 100 },
    {
      title: t('manage.values'),
      key: 'values',
      render: (_: unknown, r) => (
        <SettingChips chips={settingChips(r, t)} className="up-oc-values-list" chipClassName="up-oc-chip" />
      ),
    },
    { title: t('manage.updated'), dataIndex: 'updatedAt', width: 190, render: (v: number) => <span className="up-card-muted">{formatDateTime(v, lang)}</span> },
    {
      title: t('manage.actions'),
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <span className="up-oc-row-actions">
          <LinkButton type="link" size="small" icon={<ThunderboltOutlined />} to={`${paths.account.orePoolOverclockSet}?template=${r.id}`} data-testid={`apply-${r.id}`}>
            {t('manage.apply')}
          </LinkButton>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => list.openEdit(r)} data-testid={`edit-${r.id}`}>
            {t('manage.edit')}
          </Button>
          <Popconfirm
            title={t('manage.deleteTitle', { name: r.name })}
            description={<span style={{ display: 'block', maxWidth: 280 }}>{t('manage.deleteBody')}</span>}
            okText={t('manage.delete')}
            cancelText={tp('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'delete-confirm' } as never}
            onConfirm={() => list.remove(r)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} loading={list.removingId === r.id} data-testid={`delete-${r.id}`}>
              {t('manage.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  const empty = (
    <div className="up-oc-empty" data-testid="templates-empty">
      <h3>{t('manage.emptyTitle')}</h3>
      <p>{list.noOverclockCoin ? t('manage.noCoin') : t('manage.emptyBody')}</p>
      {!list.noOverclockCoin ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={list.openCreate}>
          {t('manage.create')}
        </Button>
      ) : null}
    </div>
  );

  return (
    <PageFrame
      titleKey={title}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={list.openCreate} disabled={list.noOverclockCoin} data-testid="template-create">
          {t('manage.create')}
        </Button>
      }
    >
      <div className="up-oc">
        <div className="up-oc-intro">
          <div>
            <p>{t('manage.intro')}</p>
            <OverclockRuleChips className="up-oc-intro__rules" chipClassName="up-oc-intro__rule" />
          </div>
          <div className="up-oc-intro__actions">
            <LinkButton to={paths.account.orePoolOverclockSet} icon={<ThunderboltOutlined />}>
              {t('manage.toSet')}
            </LinkButton>
            <LinkButton to={paths.account.orePoolOverclockCancel}>{t('manage.toCancel')}</LinkButton>
          </div>
        </div>
        <section className="up-card" data-testid="templates">
          {list.failed ? (
            <Alert type="error" showIcon message={t('manage.failed')} description={list.query.error?.message} action={<Button onClick={list.retry}>{tp('common.retry')}</Button>} />
          ) : list.loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <Table<OverclockTemplate>
              rowKey="id"
              columns={columns}
              dataSource={list.rows}
              loading={list.query.isFetching && !list.loading}
              locale={{ emptyText: empty }}
              data-testid="template-table"
              pagination={
                list.total > 0
                  ? {
                      current: list.page,
                      pageSize: list.pageSize,
                      total: list.total,
                      showSizeChanger: true,
                      pageSizeOptions: PAGE_SIZES.map(String),
                      showTotal: (n) => t('manage.total', { count: n }),
                      onChange: (p, size) => list.setPaging(p, size as PageSize),
                    }
                  : false
              }
            />
          )}
        </section>
      </div>
      {list.editing ? (
        <DesktopTemplateForm
          key={list.editing === 'new' ? 'new' : list.editing.id}
          open
          template={list.editing === 'new' ? null : list.editing}
          defaultCoin={list.defaultCoin}
          onClose={list.closeForm}
        />
      ) : null}
    </PageFrame>
  );
}
