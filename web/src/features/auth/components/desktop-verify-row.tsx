import { CheckCircleFilled, SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaptchaTicket } from '../hooks/use-captcha-ticket';
import './verify-row.css';

/** DesktopVerifyRow shows whether the slider is passed, with a button that opens it. */
export function DesktopVerifyRow({ captcha }: { captcha: CaptchaTicket }) {
  const { t } = useTranslation();
  return (
    <div className="up-verify" data-testid="verify-row">
      <span className="up-verify__label">
        <SafetyOutlined aria-hidden /> {t('slider.rowLabel')}
      </span>
      {captcha.verified ? (
        <span className="up-verify__ok" role="status">
          <CheckCircleFilled aria-hidden /> {t('slider.verified')}
        </span>
      ) : (
        <Button size="small" onClick={captcha.verify} data-testid="verify-button">
          {t('slider.verifyButton')}
        </Button>
      )}
    </div>
  );
}
