import type { ReactNode } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useTwoFactorTexts } from '../texts';

type Size = 'desktop' | 'mobile';
const base = (size: Size) => (size === 'desktop' ? 'up-2fa' : 'up-m2fa');

/** RecoveryCodeList is the recovery codes shown once, one a line. */
export function RecoveryCodeList({ size, codes }: { size: Size; codes: string[] }) {
  const { t } = useTwoFactorTexts();
  return (
    <ol className={`${base(size)}-codes__list`} aria-label={t('codes.list')}>
      {codes.map((c) => (
        <li key={c}>
          <code data-testid="recovery-code">{c}</code>
        </li>
      ))}
    </ol>
  );
}

/** EnrolQr is the set-up's QR code of the authenticator link. */
export function EnrolQr({ size, uri }: { size: Size; uri: string }) {
  const { t } = useTwoFactorTexts();
  return (
    <div className={`${base(size)}-qr`}>
      <QRCodeSVG value={uri} size={size === 'desktop' ? 184 : 168} marginSize={2} title={t('enrol.scan')} data-testid="two-factor-qr" />
    </div>
  );
}

/** EnrolKey is the set-up's secret key, grouped for typing, with the size's copy button. */
export function EnrolKey({ size, secret, grouped, copy }: { size: Size; secret: string; grouped: string; copy: ReactNode }) {
  const { t } = useTwoFactorTexts();
  return (
    <div className={`${base(size)}-key`}>
      <code aria-label={t('enrol.key')} data-testid="two-factor-secret" data-secret={secret}>
        {grouped}
      </code>
      {copy}
    </div>
  );
}
