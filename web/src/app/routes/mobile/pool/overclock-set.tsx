import { Button, ErrorBlock, Selector, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { MobileDevicePicker, MobileProgress, MobileSection } from '@/features/pool/overclock/components/mobile-send-parts';
import { useOverclockSet } from '@/features/pool/overclock/hooks/use-overclock-send';
import { formatSetting, settingsList } from '@/features/pool/overclock/model/rules';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock-mobile.css';

/** MobileOverclockSet is the mobile orePoolOverclockSet page: apply a template to devices. */
export function MobileOverclockSet() {
  const { t: tApp } = useTranslation();
  const { t, tp, ready } = useOverclockTexts();
  const s = useOverclockSet();
  const navigate = useNavigate();
  const title = 'pages.orePoolOverclockSet';
  const tpl = s.template;
  const count = s.picker.selected.length;

  if (!ready || s.templatesLoading) {
    return (
      <PageFrame titleKey={title}>
        <div role="status" aria-label={tApp('common.loading')}>
          <Skeleton.Paragraph lineCount={4} animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame titleKey={title}>
      <div className="up-moc" data-testid="overclock-set">
        <MobileSection n={1} title={t('send.templateStep')} testId="template-step">
          {s.templatesFailed ? (
            <ErrorBlock status="default" title={t('manage.failed')} description="" fullPage={false}>
              <Button color="primary" size="small" onClick={s.retryTemplates}>
                {tp('common.retry')}
              </Button>
            </ErrorBlock>
          ) : !tpl ? (
            <ErrorBlock status="empty" title={t('send.noTemplatesTitle')} description={t('send.noTemplatesBody')} fullPage={false} data-testid="no-templates">
              <Button color="primary" onClick={() => navigate(mobilePaths.account.orePoolOverclockManage)}>
                {t('send.toManage')}
              </Button>
            </ErrorBlock>
          ) : (
            <>
              <Selector
                className="up-moc-template-choice"
                columns={1}
                value={[tpl.id]}
                onChange={(v) => v[0] && s.chooseTemplate(v[0])}
                options={s.templates.map((x) => ({ value: x.id, label: x.name, description: `${x.coin} · ${x.gpuCategory}` }))}
                data-testid="template-select"
              />
              <div className="up-moc-template-values">
                <div className="up-moc-chips">
                  {settingsList(tpl).map(([k, v]) => (
                    <span key={k} className="up-moc-chip">
                      {t(`settings.${k}`)} <b>{formatSetting(k, v)}</b>
                    </span>
                  ))}
                </div>
                <p className="up-moc-note">{t('send.templateCoin', { coin: s.coinName(tpl.coin) })}</p>
              </div>
            </>
          )}
        </MobileSection>
        {tpl ? (
          <MobileSection n={2} title={t('send.devicesStep')} testId="devices-step">
            <MobileDevicePicker picker={s.picker} coinName={s.coinName(tpl.coin)} />
          </MobileSection>
        ) : null}
        {tpl ? (
          <div className="up-moc-sendbar">
            {s.serverError ? (
              <p className="up-moc-sendbar__error" role="alert" data-testid="send-error">
                {t('send.refused')}: {s.serverError}
              </p>
            ) : null}
            <Button block color="primary" size="large" disabled={count === 0} loading={s.sending} onClick={() => void s.apply()} data-testid="apply-submit">
              {count === 0 ? t('send.chooseDevices') : t('send.apply', { count })}
            </Button>
          </div>
        ) : null}
        <MobileProgress progress={s.progress} />
      </div>
    </PageFrame>
  );
}
