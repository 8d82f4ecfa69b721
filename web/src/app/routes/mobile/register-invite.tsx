import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { StatusPage } from '@/components/status-page';
import { mobilePaths } from '@/config/paths';
import { session, sessionKeys } from '@/lib/storage';

/**
 * RegisterInvite takes /mobile/registerInvite/<code>: it keeps the agent's
 * invite code for registration and opens /mobile/register. Without a code the
 * link is broken: it says so (the layout hides nav and footer here).
 */
export function RegisterInvite() {
  const { t } = useTranslation();
  const code = (useParams().inviteCode ?? '').trim();
  if (code) {
    session.set(sessionKeys.agentInviteCode, code);
    return <Navigate to={mobilePaths.register} replace />;
  }
  return <StatusPage tone="warning" testId="invite-expired" title={t('pages.registerInvite')} body={t('register.zhuceshixiao')} />;
}
