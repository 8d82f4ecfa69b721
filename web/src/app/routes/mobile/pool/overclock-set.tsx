import { Button, ErrorBlock, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { MobileDevicePicker, MobileProgress, MobileSendSkeleton } from '@/features/pool/overclock/components/mobile-send-parts';
import { useOverclockSet } from '@/features/pool/overclock/hooks/use-overclock-send';
import { settingChips } from '@/features/pool/overclock/model/rules';
import { SettingChips } from '@/features/pool/overclock/components/setting-chips';
import { SendError, SendSteps } from '@/features/pool/overclock/components/send-step';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock-mobile.css';

const TITLE = 'pages.orePoolOverclockSet';

/** MobileOverclockSet is the mobile orePoolOverclockSet page: apply a template to devices. */
export function MobileOverclockSet() {
  const loading = useTranslation().t('common.loading');
  const { t, tp, ready } = useOverclockTexts();
  const s = useOverclockSet();
  const navigate = useNavigate();
  const tpl = s.template;
  const count = s.picker.selected.length;
  if (!ready || s.templatesLoading) return <PageFrame titleKey={TITLE}><MobileSendSkeleton lines={4} label={loading} /></PageFrame>;

  const chooser = (
    <>
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
            <SettingChips chips={settingChips(tpl, t)} className="up-moc-chips" chipClassName="up-moc-chip" />
            <p className="up-moc-note">{t('send.templateCoin', { coin: s.coinName(tpl.coin) })}</p>
          </div>
        </>
      )}
    </>
  );

  return (
    <PageFrame titleKey={TITLE}>
      <SendSteps size="mobile" testId="overclock-set"
        steps={[
          { title: t('send.templateStep'), testId: 'template-step', body: chooser },
          tpl && { title: t('send.devicesStep'), testId: 'devices-step', body: <MobileDevicePicker picker={s.picker} coinName={s.coinName(tpl.coin)} /> },
        ]}
        after={
          tpl ? (
            <div className="up-moc-sendbar">
              <SendError label={t('send.refused')} error={s.serverError} />
              <Button block color="primary" size="large" disabled={count === 0} loading={s.sending} onClick={() => void s.apply()} data-testid="apply-submit">
                {count === 0 ? t('send.chooseDevices') : t('send.apply', { count })}
              </Button>
            </div>
          ) : null
        }
        progress={<MobileProgress progress={s.progress} />}
      />
    </PageFrame>
  );
}
