import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptchaTicket } from '../hooks/use-captcha-ticket';
import { useSliderCaptcha } from '../hooks/use-slider-captcha';
import { SliderTrack } from './slider-track';

/** DesktopSliderCaptcha is the slider box of the desktop tree (an antd modal, which keeps focus inside). */
export function DesktopSliderCaptcha({ captcha }: { captcha: CaptchaTicket }) {
  const { t } = useTranslation();
  const slider = useSliderCaptcha({ open: captcha.open, onPass: captcha.passed, onDone: captcha.close });
  return (
    <Modal
      open={captcha.open}
      onCancel={captcha.close}
      footer={null}
      title={t('slider.title')}
      width={420}
      centered
      destroyOnHidden
      maskClosable={false}
      rootClassName="up-slider-modal"
      zIndex={1100}
    >
      <p className="up-slider-intro">{t('slider.instruction')}</p>
      <SliderTrack
        slider={slider}
        renderRetry={(retry) => (
          <Button onClick={retry} size="small">
            {t('common.retry')}
          </Button>
        )}
      />
    </Modal>
  );
}
