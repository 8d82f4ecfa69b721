import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { FullScreenLoader } from '@/components/full-screen-loader';
import { StatusPage } from '@/components/status-page';
import { mobilePaths } from '@/config/paths';
import { useInviteLink } from '@/features/auth/hooks/use-invite-link';

/**
 * RegisterInvite takes /mobile/registerInvite/<code>: a code the server takes
 * is kept for registration and /mobile/register opens; a missing code, or one
 * that is no live agent's, says the link has expired (the layout hides nav
 * and footer here).
 */
export function RegisterInvite() {
  const { t } = useTranslation();
  const link = useInviteLink(useParams().inviteCode);
  if (link === 'go') return <Navigate to={mobilePaths.register} replace />;
  if (link === 'checking') return <FullScreenLoader message={t('common.loading')} testId="invite-checking" />;
  return <StatusPage tone="warning" testId="invite-expired" title={t('pages.registerInvite')} body={t('register.zhuceshixiao')} />;
}
