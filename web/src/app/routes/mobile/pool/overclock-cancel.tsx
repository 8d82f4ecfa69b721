import { Button, Dialog, ErrorBlock, Selector, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { MobileDevicePicker, MobileProgress, MobileSection } from '@/features/pool/overclock/components/mobile-send-parts';
import { useOverclockCancel } from '@/features/pool/overclock/hooks/use-overclock-send';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock-mobile.css';

/** MobileOverclockCancel is the mobile orePoolOverclockCancel page: put devices back to factory settings. */
export function MobileOverclockCancel() {
  const { t: tApp } = useTranslation();
  const { t, tp, ready } = useOverclockTexts();
  const c = useOverclockCancel();
  const title = 'pages.orePoolOverclockCancel';
  const count = c.picker.selected.length;

  if (!ready || c.coinsLoading) {
    return (
      <PageFrame titleKey={title}>
        <div role="status" aria-label={tApp('common.loading')}>
          <Skeleton.Paragraph lineCount={3} animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </PageFrame>
    );
  }

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
    <PageFrame titleKey={title}>
      <div className="up-moc" data-testid="overclock-cancel">
        <MobileSection n={1} title={t('send.coinStep')} testId="coin-step">
          {c.coinsFailed ? (
            <ErrorBlock status="default" title={t('send.coinsFailed')} description="" fullPage={false}>
              <Button color="primary" size="small" onClick={c.selection.refetch}>
                {tp('common.retry')}
              </Button>
            </ErrorBlock>
          ) : !c.coin ? (
            <p className="up-moc-note" data-testid="no-overclock-coin">
              {t('send.noCoin')}
            </p>
          ) : (
            <>
              <Selector
                columns={2}
                value={[c.coin.type]}
                onChange={(v) => v[0] && c.chooseCoin(v[0])}
                options={c.overclockCoins.map((x) => ({ value: x.type, label: x.type, description: x.name }))}
                data-testid="coin-choice"
              />
              {c.otherCoinTypes ? <p className="up-moc-note">{t('send.coinNote', { coins: c.otherCoinTypes })}</p> : null}
            </>
          )}
        </MobileSection>
        {c.coin ? (
          <MobileSection n={2} title={t('send.devicesStep')} testId="devices-step">
            <MobileDevicePicker picker={c.picker} coinName={c.coin.name} />
          </MobileSection>
        ) : null}
        {c.coin ? (
          <div className="up-moc-sendbar">
            {c.serverError ? (
              <p className="up-moc-sendbar__error" role="alert" data-testid="send-error">
                {t('send.refused')}: {c.serverError}
              </p>
            ) : null}
            <Button block color="danger" size="large" disabled={count === 0} loading={c.sending} onClick={() => void confirm()} data-testid="cancel-submit">
              {count === 0 ? t('send.chooseDevices') : t('send.cancel', { count })}
            </Button>
          </div>
        ) : null}
        <MobileProgress progress={c.progress} />
      </div>
    </PageFrame>
  );
}
