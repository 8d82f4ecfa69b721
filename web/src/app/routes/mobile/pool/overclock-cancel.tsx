import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { MobileCoinChoice, MobileDevicePicker, MobileProgress, MobileSendSkeleton } from '@/features/pool/overclock/components/mobile-send-parts';
import { SendError, SendSteps } from '@/features/pool/overclock/components/send-step';
import { useOverclockCancel } from '@/features/pool/overclock/hooks/use-overclock-send';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock-mobile.css';

const TITLE = 'pages.orePoolOverclockCancel';

/** MobileOverclockCancel is the mobile orePoolOverclockCancel page: put devices back to factory settings. */
export function MobileOverclockCancel() {
  const loading = useTranslation().t('common.loading');
  const { t, tp, ready } = useOverclockTexts();
  const c = useOverclockCancel();
  const count = c.picker.selected.length;
  if (!ready || c.coinsLoading) return <PageFrame titleKey={TITLE}><MobileSendSkeleton lines={3} label={loading} /></PageFrame>;

  const confirm = () =>
    Dialog.confirm({
      title: t('send.confirmTitle'),
      content: t('send.confirmBody', { count }),
      confirmText: <span data-testid="cancel-confirm">{t('send.confirm')}</span>,
      cancelText: tp('common.cancel'),
      onConfirm: async () => {
        await c.cancel();
      },
    });

  return (
    <PageFrame titleKey={TITLE}>
      <SendSteps
        size="mobile"
        testId="overclock-cancel"
        steps={[
          { title: t('send.coinStep'), testId: 'coin-step', body: <MobileCoinChoice c={c} /> },
          c.coin && { title: t('send.devicesStep'), testId: 'devices-step', body: <MobileDevicePicker picker={c.picker} coinName={c.coin.name} /> },
        ]}
        after={
          c.coin ? (
            <div className="up-moc-sendbar">
              <SendError label={t('send.refused')} error={c.serverError} />
              <Button block color="danger" size="large" disabled={count === 0} loading={c.sending} onClick={() => void confirm()} data-testid="cancel-submit">
                {count === 0 ? t('send.chooseDevices') : t('send.cancel', { count })}
              </Button>
            </div>
          ) : null
        }
        progress={<MobileProgress progress={c.progress} />}
      />
    </PageFrame>
  );
}
