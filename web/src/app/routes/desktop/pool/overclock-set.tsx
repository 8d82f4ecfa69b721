import { PlusOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Tag } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { DesktopDevicePicker, DesktopProgress, DesktopSendBar, DesktopSendSkeleton } from '@/features/pool/overclock/components/desktop-send-parts';
import { useOverclockSet } from '@/features/pool/overclock/hooks/use-overclock-send';
import { settingChips } from '@/features/pool/overclock/model/rules';
import { SettingChips } from '@/features/pool/overclock/components/setting-chips';
import { SendSteps } from '@/features/pool/overclock/components/send-step';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock.css';

const TITLE = 'pages.orePoolOverclockSet';

/** DesktopOverclockSet is the desktop orePoolOverclockSet page: apply a template to devices. */
export function DesktopOverclockSet() {
  const { t, tp, ready } = useOverclockTexts();
  const s = useOverclockSet();
  const tpl = s.template;
  const count = s.picker.selected.length;
  if (!ready || s.templatesLoading) return <PageFrame titleKey={TITLE}><DesktopSendSkeleton rows={3} /></PageFrame>;

  const manage = (
    <LinkButton to={paths.account.orePoolOverclockManage} icon={<SettingOutlined />}>
      {t('send.manage')}
    </LinkButton>
  );

  const chooser = (
    <>
      {s.templatesFailed ? (
        <Alert type="error" showIcon message={t('manage.failed')} action={<Button onClick={s.retryTemplates}>{tp('common.retry')}</Button>} />
      ) : !tpl ? (
        <div className="up-oc-empty" data-testid="no-templates">
          <h3>{t('send.noTemplatesTitle')}</h3>
          <p>{t('send.noTemplatesBody')}</p>
          <LinkButton type="primary" icon={<PlusOutlined />} to={paths.account.orePoolOverclockManage}>
            {t('send.toManage')}
          </LinkButton>
        </div>
      ) : (
        <div className="up-oc-template-card">
          <div>
            <label className="up-card-muted" htmlFor="oc-template">
              {t('send.template')}
            </label>
            <Select
              id="oc-template"
              value={tpl.id}
              onChange={s.chooseTemplate}
              style={{ width: '100%', marginTop: 6 }}
              size="large"
              showSearch
              optionFilterProp="label"
              options={s.templates.map((x) => ({ value: x.id, label: `${x.name} · ${x.coin} · ${x.gpuCategory}` }))}
              data-testid="template-select"
            />
          </div>
          <div className="up-oc-template-card__values">
            <h3>
              {tpl.name} <Tag>{tpl.coin}</Tag>
              <Tag>{tpl.gpuCategory}</Tag>
            </h3>
            <SettingChips chips={settingChips(tpl, t)} className="up-oc-values-list" chipClassName="up-oc-chip" />
            <p>{t('send.templateCoin', { coin: s.coinName(tpl.coin) })}</p>
          </div>
        </div>
      )}
    </>
  );

  return (
    <PageFrame titleKey={TITLE} actions={manage}>
      <SendSteps size="desktop" testId="overclock-set"
        steps={[
          { title: t('send.templateStep'), testId: 'template-step', body: chooser },
          tpl && {
            title: t('send.devicesStep'),
            testId: 'devices-step',
            body: (
              <>
                <DesktopDevicePicker picker={s.picker} coinName={s.coinName(tpl.coin)} />
                <DesktopSendBar count={count} error={s.serverError}>
                  <Button type="primary" size="large" icon={<ThunderboltOutlined />} disabled={count === 0} loading={s.sending} onClick={() => void s.apply()} data-testid="apply-submit">
                    {t('send.apply', { count })}
                  </Button>
                </DesktopSendBar>
              </>
            ),
          },
        ]}
        progress={<DesktopProgress progress={s.progress} />}
      />
    </PageFrame>
  );
}
