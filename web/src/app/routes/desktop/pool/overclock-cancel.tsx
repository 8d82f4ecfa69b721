import { RollbackOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { DesktopCoinChoice, DesktopDevicePicker, DesktopProgress, DesktopSendBar, DesktopSendSkeleton } from '@/features/pool/overclock/components/desktop-send-parts';
import { SendSteps } from '@/features/pool/overclock/components/send-step';
import { useOverclockCancel } from '@/features/pool/overclock/hooks/use-overclock-send';
import { useOverclockTexts } from '@/features/pool/overclock/texts';
import '@/features/pool/overclock/components/overclock.css';

const TITLE = 'pages.orePoolOverclockCancel';

/** DesktopOverclockCancel is the desktop orePoolOverclockCancel page: put devices back to factory settings. */
export function DesktopOverclockCancel() {
  const { t, tp, ready } = useOverclockTexts();
  const c = useOverclockCancel();
  const count = c.picker.selected.length;
  if (!ready || c.coinsLoading) return <PageFrame titleKey={TITLE}><DesktopSendSkeleton rows={2} /></PageFrame>;

  return (
    <PageFrame
      titleKey={TITLE}
      actions={
        <LinkButton to={paths.account.orePoolOverclockManage} icon={<SettingOutlined />}>
          {t('send.manage')}
        </LinkButton>
      }
    >
      <SendSteps
        size="desktop"
        testId="overclock-cancel"
        steps={[
          { title: t('send.coinStep'), testId: 'coin-step', body: <DesktopCoinChoice c={c} /> },
          c.coin && {
            title: t('send.devicesStep'),
            testId: 'devices-step',
            body: (
              <>
                <DesktopDevicePicker picker={c.picker} coinName={c.coin.name} />
                <DesktopSendBar count={count} error={c.serverError}>
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
                </DesktopSendBar>
              </>
            ),
          },
        ]}
        progress={<DesktopProgress progress={c.progress} />}
      />
    </PageFrame>
  );
}
