// The dialogs of the desktop basic-info page (SPEC.md section 2 "Basic info").
import { Alert, Form, Input, Modal, Radio, Space, Steps, Tabs } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps as AccountDialogProps } from '@/features/account/components/account-dialogs';
import { paths } from '@/config/paths';
import {
  useAccountTypeForm,
  useCancelAccountForm,
  useContactForm,
  useContactTitle,
  useNicknameForm,
  usePasswordForm,
} from '@/features/account/hooks/use-dialog-forms';
import type { ProofBy } from '@/features/account/hooks/use-contact-flow';
import type { PasswordTab } from '@/features/account/hooks/use-password-flow';
import type { BaseInfo, Channel } from '@/features/account/model/types';
import { DesktopCodeField } from '@/features/auth/components/desktop-code-field';
import { DesktopPasswordField } from '@/features/auth/components/desktop-password-field';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { LIMITS, PHONE_PREFIX, phoneInput } from '@/lib/validation';
import { useLang } from '../../../layouts/use-lang';
import { DialogActions } from './dialog-actions';

type DialogProps = AccountDialogProps;

/** useTitle makes a dialog's title hook of a text key. */
const useTitle = (key: string) => () => useTranslation().t(key);

/** modal makes a dialog of a form: an antd Modal titled by the title hook, the form mounted only while open. */
function modal<P extends { onClose: () => void }>(Body: ComponentType<P>, useModalTitle: (p: P) => string, width?: number) {
  return function Dialog({ open, ...rest }: P & { open: boolean }) {
    const p = rest as unknown as P;
    return (
      <Modal open={open} title={useModalTitle(p)} onCancel={p.onClose} footer={null} destroyOnHidden width={width}>
        <Body {...p} />
      </Modal>
    );
  };
}

/** NicknameDialog edits the nickname (POST username/upd). */
export const NicknameDialog = modal(NicknameForm, useTitle('info.editNickname'));

function NicknameForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = useNicknameForm(Form.useForm, user, onClose);
  const { t, form } = f;

  return (
    <Form form={form} layout="vertical" name="nickname" requiredMark={false} initialValues={{ nickName: f.current }} onFinish={f.onFinish} validateTrigger={['onChange', 'onBlur']}>
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[f.rule]} extra={t('auth.nicknameHint')}>
        <Input maxLength={LIMITS.nicknameMax} autoFocus autoComplete="nickname" />
      </Form.Item>
      <DialogActions onCancel={onClose} submitLabel={t('dialog.save')} pending={f.pending} />
    </Form>
  );
}

/**
 * ContactDialog binds a phone or email when none is bound, else changes it, in two
 * steps: who asks (a bind: the password or a code to the other contact; a change: a
 * code to the current one), then the new one with its own code.
 */
export const ContactDialog = modal(ContactForm, (p: { user: BaseInfo | undefined; channel: Channel }) => useContactTitle(p.user, p.channel), 500);

function ContactForm({ onClose, user, channel }: Omit<DialogProps, 'open'> & { channel: Channel }) {
  const f = useContactForm(Form.useForm, user, channel, onClose);
  const { t, form } = f;

  return (
    <>
      {f.choosesProof ? (
        <Tabs activeKey={f.flow.proofBy} onChange={(key) => f.selectProof(key as ProofBy)} items={f.proofTabs} data-testid="bind-proof-tabs" />
      ) : null}
      <Steps size="small" className="up-dialog-steps" current={f.flow.step - 1} items={f.steps.map((title) => ({ title }))} />
      <Form form={form} layout="vertical" name={`contact-${channel}`} requiredMark={false} onFinish={f.onFinish} validateTrigger={['onChange', 'onBlur']}>
        {f.verifying ? (
          <>
            <p className="up-dialog-note">{f.note}</p>
            {f.byPassword ? (
              <DesktopPasswordField name="password" label={t('info.loginPassword')} rules={[f.rules.password]} maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
            ) : (
              <DesktopCodeField id={`contact-${channel}_currentCode`} name="currentCode" rule={f.rules.code} code={f.currentButton} buttonTestId="current-code-button" />
            )}
          </>
        ) : (
          <>
            <Form.Item name="target" label={f.targetLabel} rules={[f.rules.target]} normalize={f.isPhone ? phoneInput : undefined}>
              {f.isPhone ? (
                <Input prefix={<span className="up-cc">{PHONE_PREFIX}</span>} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} />
              ) : (
                <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
              )}
            </Form.Item>
            <DesktopCodeField id={`contact-${channel}_code`} rule={f.rules.code} code={f.targetButton} />
            <Alert type="info" showIcon message={f.holdNote} className="up-dialog-alert" data-testid="contact-hold-note" />
          </>
        )}
        <DialogActions onCancel={onClose} submitLabel={f.submitLabel} pending={f.flow.pending} />
      </Form>
      <DesktopSliderCaptcha captcha={f.captcha} />
    </>
  );
}

/** AccountTypeDialog changes the account type; it warns that bound devices are unbound. */
export const AccountTypeDialog = modal(AccountTypeForm, useTitle('info.changeType'));

function AccountTypeForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = useAccountTypeForm(user, useLang(), onClose);
  const { t } = f;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void f.save();
      }}
    >
      <Alert type="warning" showIcon message={t('info.typeWarningTitle')} description={t('info.typeWarning')} className="up-dialog-alert" />
      <fieldset className="up-type-options">
        <legend className="up-visually-hidden">{t('info.accountType')}</legend>
        <Radio.Group value={f.selected} onChange={(e) => f.setSelected(e.target.value as string)} className="up-type-group">
          <Space direction="vertical" size={10}>
            {f.types.map((type) => (
              <Radio key={type.code} value={type.code} data-testid={`type-${type.code}`}>
                {type.name}
                {type.code === f.current ? <span className="up-type-current">{t('info.currentType')}</span> : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {f.loading ? <p className="up-dialog-note">{t('common.loading')}</p> : null}
      </fieldset>
      <DialogActions onCancel={onClose} submitLabel={t('dialog.save')} pending={f.pending} />
    </form>
  );
}

/** CancelAccountDialog cancels the account after the password; confirm stays off until one is typed. */
export const CancelAccountDialog = modal(CancelAccountForm, useTitle('info.cancelTitle'));

function CancelAccountForm({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const f = useCancelAccountForm(Form.useForm, paths.home, onCancelled);
  const { t, form } = f;
  const password = Form.useWatch('password', form) ?? '';

  return (
    <>
      <Alert type="error" showIcon message={t('info.cancelIrreversible')} description={t('info.cancelBody')} className="up-dialog-alert" />
      <Form form={form} layout="vertical" name="cancel" onFinish={f.onFinish} requiredMark={false}>
        <DesktopPasswordField name="password" label={t('info.cancelPassword')} rules={[f.rule]} maxLength={LIMITS.loginInputMax} autoFocus />
        <DialogActions onCancel={onClose} submitLabel={t('info.cancelConfirm')} pending={f.pending} danger disabled={password.trim() === ''} />
      </Form>
    </>
  );
}

/**
 * PasswordDialog changes the password in two steps, proving identity by the
 * old password, a phone code or an email code.
 */
export const PasswordDialog = modal(PasswordForm, useTitle('info.changePassword'), 520);

function PasswordForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = usePasswordForm(Form.useForm, user, onClose);
  const { t, form, flow } = f;

  return (
    <>
      <Tabs activeKey={flow.tab} onChange={(key) => f.selectTab(key as PasswordTab)} items={f.tabs} />
      <Steps size="small" className="up-dialog-steps" current={flow.step - 1} items={f.steps.map((title) => ({ title }))} />
      <Form form={form} layout="vertical" name="password" requiredMark={false} onFinish={f.onFinish} validateTrigger={['onChange', 'onBlur']}>
        {flow.step === 1 && flow.tab === 'old' ? (
          <DesktopPasswordField name="oldPassword" label={t('info.oldPassword')} rules={[f.rules.old]} maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-dialog-note">{f.note}</p>
            <DesktopCodeField id="password_code" rule={f.rules.code} code={f.codeButton} />
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <DesktopPasswordField name="newPassword" label={t('info.newPassword')} rules={[f.rules.next]} fresh maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} hint={t('auth.passwordHint')} />
            <DesktopPasswordField name="confirm" label={t('info.confirmPassword')} rules={[f.rules.repeat]} fresh maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} dependencies={['newPassword']} />
          </>
        ) : null}
        <DialogActions onCancel={onClose} submitLabel={f.submitLabel} pending={flow.pending} />
      </Form>
      <DesktopSliderCaptcha captcha={f.captcha} />
    </>
  );
}
