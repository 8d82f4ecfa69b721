import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobileDialog } from '@/components/mobile-dialog';
import type { CaptchaTicket } from '../hooks/use-captcha-ticket';
import { useSliderCaptcha } from '../hooks/use-slider-captcha';
import { SliderTrack } from './slider-track';

/** MobileSliderCaptcha is the slider box of the /mobile tree: a centred dialog with a big handle. */
export function MobileSliderCaptcha({ captcha }: { captcha: CaptchaTicket }) {
  const { t } = useTranslation();
  const slider = useSliderCaptcha({ open: captcha.open, onPass: captcha.passed, onDone: captcha.close });
  return (
    <MobileDialog open={captcha.open} onClose={captcha.close} title={t('slider.title')} position="center" testId="slider-dialog" zIndex={1040}>
      <p className="up-slider-intro">{t('slider.instruction')}</p>
      <SliderTrack
        slider={slider}
        size="large"
        renderRetry={(retry) => (
          <Button size="small" onClick={retry}>
            {t('common.retry')}
          </Button>
        )}
      />
    </MobileDialog>
  );
}
