import { Button, Dialog, ErrorBlock, Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { formatDateTime } from '@/lib/format';
import { mobilePaths } from '@/config/paths';
import { PAGE_SIZES } from '@/features/pool/model/types';
import { MobilePager } from '@/features/pool/overclock/components/mobile-send-parts';
import { MobileTemplateForm } from '@/features/pool/overclock/components/mobile-template-form';
import { OverclockRuleChips } from '@/features/pool/overclock/components/rule-chips';
import { useTemplateList } from '@/features/pool/overclock/hooks/use-template-list';
import { SettingChips } from '@/features/pool/overclock/components/setting-chips';
import { settingChips } from '@/features/pool/overclock/model/rules';
import type { OverclockTemplate } from '@/features/pool/overclock/model/types';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/components/card/card.css';
import '@/features/pool/overclock/components/overclock-mobile.css';

/** MobileOverclockManage is the mobile orePoolOverclockManage page: the user's overclock templates as cards. */
export function MobileOverclockManage() {
  const { t: tApp } = useTranslation();
  const { t, tp, ready, lang } = useOverclockTexts();
  const list = useTemplateList();
  const navigate = useNavigate();
  const title = 'pages.orePoolOverclockManage';

  if (!ready) {
    return (
      <PageFrame titleKey={title}>
        <div role="status" aria-label={tApp('common.loading')}>
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      </PageFrame>
    );
  }

  const confirmDelete = (r: OverclockTemplate) =>
    Dialog.confirm({
      title: t('manage.deleteTitle', { name: r.name }),
      content: t('manage.deleteBody'),
      confirmText: <span data-testid="delete-confirm">{t('manage.delete')}</span>,
      cancelText: tp('common.cancel'),
      onConfirm: async () => {
        await list.remove(r);
      },
    });

  return (
    <PageFrame
      titleKey={title}
      actions={
        <Button color="primary" size="small" onClick={list.openCreate} disabled={list.noOverclockCoin} data-testid="template-create">
          + {t('manage.create')}
        </Button>
      }
    >
      <div className="up-moc" data-testid="templates">
        <p className="up-moc-intro">{t('manage.intro')}</p>
        <OverclockRuleChips className="up-moc-rules" chipClassName="up-moc-rule" />
        <div className="up-moc-links">
          <Button size="small" onClick={() => navigate(mobilePaths.account.orePoolOverclockSet)}>
            {t('manage.toSet')}
          </Button>
          <Button size="small" onClick={() => navigate(mobilePaths.account.orePoolOverclockCancel)}>
            {t('manage.toCancel')}
          </Button>
        </div>
        {list.failed ? (
          <ErrorBlock status="default" title={t('manage.failed')} description={list.query.error?.message ?? ''} fullPage={false}>
            <Button color="primary" onClick={list.retry}>
              {tp('common.retry')}
            </Button>
          </ErrorBlock>
        ) : list.loading ? (
          <div role="status" aria-label={tApp('common.loading')}>
            <Skeleton.Paragraph lineCount={4} animated />
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : list.rows.length === 0 ? (
          <div className="up-card" data-testid="templates-empty">
            <ErrorBlock status="empty" title={t('manage.emptyTitle')} description={list.noOverclockCoin ? t('manage.noCoin') : t('manage.emptyBody')} fullPage={false}>
              {!list.noOverclockCoin ? (
                <Button color="primary" onClick={list.openCreate}>
                  {t('manage.create')}
                </Button>
              ) : null}
            </ErrorBlock>
          </div>
        ) : (
          <>
            {list.rows.map((r) => (
              <article key={r.id} className="up-card up-moc-template" data-testid="template-card">
                <header className="up-moc-template__head">
                  <h2 className="up-moc-template__name" data-testid="template-row-name">
                    {r.name}
                  </h2>
                  <span className="up-moc-template__tags">
                    <Tag color="primary" fill="outline">
                      {r.coin}
                    </Tag>
                    <Tag fill="outline">{r.gpuCategory}</Tag>
                  </span>
                </header>
                <SettingChips chips={settingChips(r, t)} className="up-moc-chips" chipClassName="up-moc-chip" />
                <span className="up-moc-template__time">
                  {t('manage.updated')} {formatDateTime(r.updatedAt, lang)}
                </span>
                <div className="up-moc-template__actions">
                  <Button size="small" color="primary" fill="outline" onClick={() => navigate(`${mobilePaths.account.orePoolOverclockSet}?template=${r.id}`)} data-testid={`apply-${r.id}`}>
                    {t('manage.apply')}
                  </Button>
                  <Button size="small" onClick={() => list.openEdit(r)} data-testid={`edit-${r.id}`}>
                    {t('manage.edit')}
                  </Button>
                  <Button size="small" color="danger" fill="outline" loading={list.removingId === r.id} onClick={() => void confirmDelete(r)} data-testid={`delete-${r.id}`}>
                    {t('manage.delete')}
                  </Button>
                </div>
              </article>
            ))}
            {list.total > PAGE_SIZES[0] || list.page > 1 ? (
              <MobilePager page={list.page} pageSize={list.pageSize} total={list.total} onPage={(p) => list.setPaging(p)} onSize={(s) => list.setPaging(1, s)} />
            ) : null}
          </>
        )}
      </div>
      {list.editing ? (
        <MobileTemplateForm key={list.editing === 'new' ? 'new' : list.editing.id} template={list.editing === 'new' ? null : list.editing} defaultCoin={list.defaultCoin} onClose={list.closeForm} />
      ) : null}
    </PageFrame>
  );
}
