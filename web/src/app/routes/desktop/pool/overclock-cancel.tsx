import { RollbackOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Segmented, Skeleton } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { DesktopDevicePicker, DesktopProgress, DesktopStep } from '@/features/pool/overclock/components/desktop-send-parts';
import { useOverclockCancel } from '@/features/pool/overclock/hooks/use-overclock-send';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock.css';

/** DesktopOverclockCancel is the desktop orePoolOverclockCancel page: put devices back to factory settings. */
export function DesktopOverclockCancel() {
  const { t, tp, ready } = useOverclockTexts();
  const c = useOverclockCancel();
  const title = 'pages.orePoolOverclockCancel';
  const count = c.picker.selected.length;

  if (!ready || c.coinsLoading) {
    return (
      <PageFrame titleKey={title}>
        <div className="up-oc" role="status">
          <div className="up-oc-card">
            <Skeleton active paragraph={{ rows: 2 }} />
          </div>
          <div className="up-oc-card">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame
      titleKey={title}
      actions={
        <LinkButton to={paths.account.orePoolOverclockManage} icon={<SettingOutlined />}>
          {t('send.manage')}
        </LinkButton>
      }
    >
      <div className="up-oc" data-testid="overclock-cancel">
        <DesktopStep n={1} title={t('send.coinStep')} testId="coin-step">
          {c.coinsFailed ? (
            <Alert type="error" showIcon message={t('send.coinsFailed')} action={<Button onClick={c.selection.refetch}>{tp('common.retry')}</Button>} />
          ) : !c.coin ? (
            <Alert type="info" showIcon message={t('send.noCoin')} data-testid="no-overclock-coin" />
          ) : (
            <>
              <Segmented
                value={c.coin.type}
                onChange={(v) => c.chooseCoin(String(v))}
                options={c.overclockCoins.map((x) => ({ value: x.type, label: `${x.type} · ${x.name}` }))}
                data-testid="coin-choice"
              />
              {c.otherCoinTypes ? <p className="up-oc-note">{t('send.coinNote', { coins: c.otherCoinTypes })}</p> : null}
            </>
          )}
        </DesktopStep>

        {c.coin ? (
          <DesktopStep n={2} title={t('send.devicesStep')} testId="devices-step">
            <DesktopDevicePicker picker={c.picker} coinName={c.coin.name} />
            {c.serverError ? <Alert type="error" showIcon message={t('send.refused')} description={c.serverError} data-testid="send-error" style={{ marginTop: 12 }} /> : null}
            <div className="up-oc-send-bar">
              <span className="up-oc-send-bar__info">{count === 0 ? t('send.chooseDevices') : <strong>{t('send.selected', { count })}</strong>}</span>
              <Popconfirm
                title={t('send.confirmTitle')}
                description={<span style={{ display: 'block', maxWidth: 300 }}>{t('send.confirmBody', { count })}</span>}
                okText={t('send.confirm')}
                cancelText={tp('common.cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'cancel-confirm' } as never}
                onConfirm={() => c.cancel()}
                disabled={count === 0}
              >
                <Button danger type="primary" size="large" icon={<RollbackOutlined />} disabled={count === 0} loading={c.sending} data-testid="cancel-submit">
                  {t('send.cancel', { count })}
                </Button>
              </Popconfirm>
            </div>
          </DesktopStep>
        ) : null}

        <DesktopProgress progress={c.progress} />
      </div>
    </PageFrame>
  );
}
