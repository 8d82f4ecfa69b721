import { Avatar, Button, ErrorBlock, List, Skeleton, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { mobilePaths } from '@/config/paths';
import { AccountDialogs } from '@/features/account/components/account-dialogs';
import { useBasicsInfo } from '@/features/account/hooks/use-basics-info';
import { copyText } from '@/lib/clipboard';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDialogParam } from '../../use-dialog-param';
import {
  MobileAccountTypeDialog,
  MobileCancelAccountDialog,
  MobileContactDialog,
  MobileNicknameDialog,
  MobilePasswordDialog,
} from './dialogs';
import { MobileTwoFactorDialogs, MobileTwoFactorItems } from './two-factor';
import './basics-info.css';

const KIT = {
  Nickname: MobileNicknameDialog,
  Contact: MobileContactDialog,
  AccountType: MobileAccountTypeDialog,
  CancelAccount: MobileCancelAccountDialog,
  Password: MobilePasswordDialog,
  TwoFactor: MobileTwoFactorDialogs,
};

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** MobileBasicsInfo is /mobile/basicsInfo: the same settings as the desktop page, as tappable lists and sheets. */
export function MobileBasicsInfo() {
  const b = useBasicsInfo();
  const { t, user, name } = b;
  const navigate = useNavigate();
  const [dialog, openDialog, closeDialog] = useDialogParam();
  useDocumentTitle(t('pages.basicsInfo'));

  const copyUid = async () => {
    const ok = await copyText(user?.uid ?? '');
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') });
  };

  if (b.failed) {
    return (
      <section className="up-minfo">
        <ErrorBlock status="default" title={t('info.loadFailed')} description="" fullPage={false}>
          <Button color="primary" onClick={b.retry}>
            {t('common.retry')}
          </Button>
        </ErrorBlock>
      </section>
    );
  }

  return (
    <section className="up-minfo" aria-labelledby="up-minfo-title">
      <header className="up-minfo__head">
        {user ? (
          <>
            <Avatar src={user.avatarUrl ?? ''} style={{ '--size': '64px', '--border-radius': '50%' }} className="up-minfo__avatar" />
            <div className="up-minfo__who">
              <h1 id="up-minfo-title" className="up-minfo__title">
                {t('pages.basicsInfo')}
              </h1>
              <p className="up-minfo__name" data-testid="info-nickname">
                {name}
              </p>
              <p className="up-minfo__uid">
                {t('info.uid')} <span data-testid="info-uid">{user.uid}</span>
                <button type="button" className="up-minfo__copy" onClick={() => void copyUid()} aria-label={t('common.copy')}>
                  <CopyIcon />
                </button>
              </p>
            </div>
          </>
        ) : (
          <h1 id="up-minfo-title" className="up-minfo__title">
            {t('pages.basicsInfo')}
          </h1>
        )}
      </header>

      {!user ? (
        <div className="up-minfo__loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <div data-testid="basics-info">
          <List header={t('info.profile')} className="up-minfo__list">
            <List.Item extra={<span className="up-minfo__value">{name}</span>} onClick={() => openDialog('nickname')} data-testid="edit-nickname">
              {t('auth.nickname')}
            </List.Item>
            <List.Item extra={<span className="up-minfo__value" data-testid="info-registered">{b.registered}</span>}>
              {t('info.registered')}
            </List.Item>
          </List>

          <List header={t('info.security')} className="up-minfo__list">
            {b.contacts.map((c) => (
              <List.Item
                key={c.channel}
                extra={<span className="up-minfo__value" data-testid={`info-${c.channel}`}>{c.value || t('info.notBound')}</span>}
                description={c.value ? undefined : t('info.tapToBind')}
                onClick={() => openDialog(c.channel)}
                data-testid={`${c.channel}-action`}
              >
                {c.label}
              </List.Item>
            ))}
            <List.Item onClick={() => openDialog('password')} data-testid="password-action">
              {t('info.changePassword')}
            </List.Item>
            <MobileTwoFactorItems onOpen={openDialog} />
          </List>

          <List header={t('info.account')} className="up-minfo__list">
            <List.Item extra={<span className="up-minfo__value" data-testid="info-type">{user.accountTypeName}</span>} onClick={() => openDialog('type')} data-testid="type-action">
              {t('info.accountType')}
            </List.Item>
            <List.Item onClick={() => navigate(mobilePaths.account.withdrawlSetList)} description={t('info.withdrawSettingsHint')} data-testid="withdraw-link">
              {t('info.withdrawSettings')}
            </List.Item>
            <List.Item onClick={() => navigate(mobilePaths.observer)} description={t('info.observerLinksHint')} data-testid="observer-link">
              {t('info.observerLinks')}
            </List.Item>
          </List>

          <div className="up-minfo__danger">
            <p>{t('info.cancelSummary')}</p>
            <Button block color="danger" fill="outline" size="large" onClick={() => openDialog('cancel')} data-testid="cancel-account">
              {t('info.cancelAccount')}
            </Button>
          </div>
        </div>
      )}

      <AccountDialogs kit={KIT} dialog={dialog} onClose={closeDialog} user={user} onCancelled={b.forgetOnLeave} />
    </section>
  );
}
