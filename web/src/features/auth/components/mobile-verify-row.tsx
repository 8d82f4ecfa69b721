import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CaptchaTicket } from '../hooks/use-captcha-ticket';
import './verify-row.css';

/** MobileVerifyRow is the /mobile version of the slider status row. */
export function MobileVerifyRow({ captcha }: { captcha: CaptchaTicket }) {
  const { t } = useTranslation();
  return (
    <div className="up-verify up-verify--m" data-testid="verify-row">
      <span className="up-verify__label">{t('slider.rowLabel')}</span>
      {captcha.verified ? (
        <span className="up-verify__ok" role="status">
          <CheckCircleFill aria-hidden /> {t('slider.verified')}
        </span>
      ) : (
        <Button size="small" fill="outline" onClick={captcha.verify} data-testid="verify-button">
          {t('slider.verifyButton')}
        </Button>
      )}
    </div>
  );
}
