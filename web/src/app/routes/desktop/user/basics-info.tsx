import { CopyOutlined, EditOutlined, LockOutlined, MailOutlined, MobileOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { AccountDialogs } from '@/features/account/components/account-dialogs';
import { useBasicsInfo } from '@/features/account/hooks/use-basics-info';
import { useDialogParam } from '../../use-dialog-param';
import { AccountTypeDialog, CancelAccountDialog, ContactDialog, NicknameDialog, PasswordDialog } from './dialogs';
import { DesktopTwoFactorDialogs, DesktopTwoFactorRow } from './two-factor';
import '../desktop-forms.css';
import './basics-info.css';

const KIT = { Nickname: NicknameDialog, Contact: ContactDialog, AccountType: AccountTypeDialog, CancelAccount: CancelAccountDialog, Password: PasswordDialog, TwoFactor: DesktopTwoFactorDialogs };
const CONTACT_ICON = { phone: <MobileOutlined />, email: <MailOutlined /> };

function Row({ icon, label, value, action, testId }: { icon?: ReactNode; label: string; value: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className="up-info-row">
      <div className="up-info-row__label">
        {icon ? <span className="up-info-row__icon" aria-hidden="true">{icon}</span> : null}
        {label}
      </div>
      <div className="up-info-row__value" data-testid={testId}>
        {value}
      </div>
      {action ? <div className="up-info-row__action">{action}</div> : null}
    </div>
  );
}

/** DesktopBasicsInfo is /basicsInfo: the user's profile, contacts, password, two-factor sign-in, account type and cancellation. */
export function DesktopBasicsInfo() {
  const b = useBasicsInfo();
  const { t, user, name } = b;
  const [dialog, openDialog, closeDialog] = useDialogParam();
  const notBound = <span className="up-info-muted">{t('info.notBound')}</span>;

  if (b.failed) {
    return (
      <PageFrame titleKey="pages.basicsInfo">
        <div className="up-info-card up-info-error" role="alert">
          <p>{t('info.loadFailed')}</p>
          <Button onClick={b.retry}>{t('common.retry')}</Button>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame titleKey="pages.basicsInfo">
      {!user ? (
        <div className="up-info-card">
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </div>
      ) : (
        <div className="up-info" data-testid="basics-info">
          <section className="up-info-card up-info-profile" aria-labelledby="up-info-profile">
            <Avatar size={72} src={user.avatarUrl || undefined} icon={<UserOutlined />} className="up-info-profile__avatar" />
            <div className="up-info-profile__main">
              <h2 id="up-info-profile" className="up-info-profile__name">
                <span data-testid="info-nickname">{name}</span>
                <Button type="text" size="small" icon={<EditOutlined />} onClick={() => openDialog('nickname')} aria-label={t('info.editNickname')} data-testid="edit-nickname" />
              </h2>
              <dl className="up-info-profile__facts">
                <div>
                  <dt>{t('info.uid')}</dt>
                  <dd data-testid="info-uid">
                    <Typography.Text copyable={{ text: user.uid, icon: <CopyOutlined aria-label={t('common.copy')} />, tooltips: [t('common.copy'), t('common.copied')] }}>
                      {user.uid}
                    </Typography.Text>
                  </dd>
                </div>
                <div>
                  <dt>{t('info.registered')}</dt>
                  <dd data-testid="info-registered">{b.registered}</dd>
                </div>
                <div>
                  <dt>{t('info.accountType')}</dt>
                  <dd>
                    <Tag color="green" className="up-info-type" data-testid="info-type-tag">
                      {user.accountTypeName}
                    </Tag>
                  </dd>
                </div>
              </dl>
            </div>
          </section>

          <div className="up-info-stack">
            <section className="up-info-card" aria-labelledby="up-info-security">
              <h2 id="up-info-security" className="up-info-card__title">
                {t('info.security')}
              </h2>
              {b.contacts.map((c) => (
                <Row
                  key={c.channel}
                  icon={CONTACT_ICON[c.channel]}
                  label={c.label}
                  value={c.value || notBound}
                  testId={`info-${c.channel}`}
                  action={
                    <Button onClick={() => openDialog(c.channel)} data-testid={`${c.channel}-action`}>
                      {c.value ? t('info.change') : t('info.bind')}
                    </Button>
                  }
                />
              ))}
              <Row
                icon={<LockOutlined />}
                label={t('info.loginPassword')}
                value={<span className="up-info-muted">{t('info.passwordSet')}</span>}
                action={
                  <Button onClick={() => openDialog('password')} data-testid="password-action">
                    {t('info.change')}
                  </Button>
                }
              />
              <DesktopTwoFactorRow onOpen={openDialog} />
            </section>

            <section className="up-info-card" aria-labelledby="up-info-account">
              <h2 id="up-info-account" className="up-info-card__title">
                {t('info.account')}
              </h2>
              <Row
                label={t('info.accountType')}
                value={<span data-testid="info-type">{user.accountTypeName}</span>}
                action={
                  <Button onClick={() => openDialog('type')} data-testid="type-action">
                    {t('info.change')}
                  </Button>
                }
              />
              <Row
                label={t('info.withdrawSettings')}
                value={<span className="up-info-muted">{t('info.withdrawSettingsHint')}</span>}
                action={
                  <Link to={paths.account.orePoolWithdrawlSetList} className="up-info-link" data-testid="withdraw-link">
                    {t('info.open')} <RightOutlined aria-hidden />
                  </Link>
                }
              />
              <Row
                label={t('info.observerLinks')}
                value={<span className="up-info-muted">{t('info.observerLinksHint')}</span>}
                action={
                  <Link to={paths.observer} className="up-info-link" data-testid="observer-link">
                    {t('info.open')} <RightOutlined aria-hidden />
                  </Link>
                }
              />
            </section>

            <section className="up-info-card up-info-danger" aria-labelledby="up-info-cancel">
              <div>
                <h2 id="up-info-cancel" className="up-info-card__title">
                  {t('info.cancelTitle')}
                </h2>
                <p className="up-info-muted">{t('info.cancelSummary')}</p>
              </div>
              <Button danger onClick={() => openDialog('cancel')} data-testid="cancel-account">
                {t('info.cancelAccount')}
              </Button>
            </section>
          </div>
        </div>
      )}

      <AccountDialogs kit={KIT} dialog={dialog} onClose={closeDialog} user={user} onCancelled={b.forgetOnLeave} />
    </PageFrame>
  );
}
