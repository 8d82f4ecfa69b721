import { PlusOutlined, SettingOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Skeleton, Tag } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { DesktopDevicePicker, DesktopProgress, DesktopStep } from '@/features/pool/overclock/components/desktop-send-parts';
import { useOverclockSet } from '@/features/pool/overclock/hooks/use-overclock-send';
import { formatSetting, settingsList } from '@/features/pool/overclock/model/rules';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock.css';

/** DesktopOverclockSet is the desktop orePoolOverclockSet page: apply a template to devices. */
export function DesktopOverclockSet() {
  const { t, tp, ready } = useOverclockTexts();
  const s = useOverclockSet();
  const title = 'pages.orePoolOverclockSet';
  const tpl = s.template;

  if (!ready || s.templatesLoading) {
    return (
      <PageFrame titleKey={title}>
        <div className="up-oc" role="status">
          <div className="up-oc-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
          <div className="up-oc-card">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        </div>
      </PageFrame>
    );
  }

  const manage = (
    <LinkButton to={paths.account.orePoolOverclockManage} icon={<SettingOutlined />}>
      {t('send.manage')}
    </LinkButton>
  );

  return (
    <PageFrame titleKey={title} actions={manage}>
      <div className="up-oc" data-testid="overclock-set">
        <DesktopStep n={1} title={t('send.templateStep')} testId="template-step">
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
                <label className="up-oc-muted" htmlFor="oc-template">
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
                <div className="up-oc-values-list">
                  {settingsList(tpl).map(([k, v]) => (
                    <span key={k} className="up-oc-chip">
                      {t(`settings.${k}`)} <strong>{formatSetting(k, v)}</strong>
                    </span>
                  ))}
                </div>
                <p>{t('send.templateCoin', { coin: s.coinName(tpl.coin) })}</p>
              </div>
            </div>
          )}
        </DesktopStep>

        {tpl ? (
          <DesktopStep n={2} title={t('send.devicesStep')} testId="devices-step">
            <DesktopDevicePicker picker={s.picker} coinName={s.coinName(tpl.coin)} />
            {s.serverError ? <Alert type="error" showIcon message={t('send.refused')} description={s.serverError} data-testid="send-error" style={{ marginTop: 12 }} /> : null}
            <div className="up-oc-send-bar">
              <span className="up-oc-send-bar__info">
                {s.picker.selected.length === 0 ? t('send.chooseDevices') : <strong>{t('send.selected', { count: s.picker.selected.length })}</strong>}
              </span>
              <Button
                type="primary"
                size="large"
                icon={<ThunderboltOutlined />}
                disabled={s.picker.selected.length === 0}
                loading={s.sending}
                onClick={() => void s.apply()}
                data-testid="apply-submit"
              >
                {t('send.apply', { count: s.picker.selected.length })}
              </Button>
            </div>
          </DesktopStep>
        ) : null}

        <DesktopProgress progress={s.progress} />
      </div>
    </PageFrame>
  );
}
