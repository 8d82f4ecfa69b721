import { useTwoFactorTexts } from '../texts';

/** SecondStepHead is the title and lead of the login's second step; its id labels the section. */
export function SecondStepHead({ size, recovery }: { size: 'desktop' | 'mobile'; recovery: boolean }) {
  const { t } = useTwoFactorTexts();
  const c = size === 'desktop' ? 'up-auth-2fa' : 'up-mauth-2fa';
  return (
    <>
      <h2 id={`${c}-title`} className={`${c}__title`}>
        {t('login.title')}
      </h2>
      <p className={`${c}__lead`}>{t(recovery ? 'login.leadRecovery' : 'login.lead')}</p>
    </>
  );
}
