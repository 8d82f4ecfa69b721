// The dialogs of the desktop basic-info page (SPEC.md section 2 "Basic info").
import { Alert, Button, Form, Input, Modal, Radio, Space, Steps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
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
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { LIMITS, PHONE_PREFIX, phoneInput } from '@/lib/validation';
import { useLang } from '../../../layouts/use-lang';

/** DialogProps: every dialog is open or not and closes through onClose. */
interface DialogProps {
  open: boolean;
  onClose: () => void;
  user: BaseInfo | undefined;
}

/** DialogActions are a dialog form's buttons: cancel and submit. */
function DialogActions({ onCancel, submitLabel, pending, danger = false, disabled = false }: { onCancel: () => void; submitLabel: string; pending: boolean; danger?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="up-dialog-actions">
      <Button onClick={onCancel}>{t('dialog.cancel')}</Button>
      <Button type="primary" danger={danger} htmlType="submit" loading={pending} disabled={disabled} data-testid="dialog-submit">
        {submitLabel}
      </Button>
    </div>
  );
}

/** NicknameDialog edits the nickname (POST username/upd). */
export function NicknameDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('info.editNickname')} onCancel={onClose} footer={null} destroyOnHidden>
      <NicknameForm onClose={onClose} user={user} />
    </Modal>
  );
}

function NicknameForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const f = useNicknameForm(form, user, onClose);

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
export function ContactDialog({ open, onClose, user, channel }: DialogProps & { channel: Channel }) {
  const title = useContactTitle(user, channel);
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={500}>
      <ContactForm onClose={onClose} user={user} channel={channel} />
    </Modal>
  );
}

function ContactForm({ onClose, user, channel }: Omit<DialogProps, 'open'> & { channel: Channel }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const f = useContactForm(form, user, channel, onClose);
  const bind = f.flow.mode === 'bind';

  return (
    <>
      {bind && f.verifying && f.proofTabs.length > 1 ? (
        <Tabs activeKey={f.flow.proofBy} onChange={(key) => f.selectProof(key as ProofBy)} items={f.proofTabs} data-testid="bind-proof-tabs" />
      ) : null}
      <Steps size="small" className="up-dialog-steps" current={f.flow.step - 1} items={f.steps.map((title) => ({ title }))} />
      <Form form={form} layout="vertical" name={`contact-${channel}`} requiredMark={false} onFinish={f.onFinish} validateTrigger={['onChange', 'onBlur']}>
        {f.verifying ? (
          <>
            <p className="up-dialog-note">{f.note}</p>
            {f.byPassword ? (
              <Form.Item name="password" label={t('info.loginPassword')} rules={[f.rules.password]}>
                <Input.Password autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
              </Form.Item>
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
export function AccountTypeDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('info.changeType')} onCancel={onClose} footer={null} destroyOnHidden>
      <AccountTypeForm onClose={onClose} user={user} />
    </Modal>
  );
}

function AccountTypeForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation();
  const f = useAccountTypeForm(user, useLang(), onClose);

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
export function CancelAccountDialog({ open, onClose, onCancelled }: Omit<DialogProps, 'user'> & { onCancelled: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('info.cancelTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <CancelAccountForm onClose={onClose} onCancelled={onCancelled} />
    </Modal>
  );
}

function CancelAccountForm({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const password = Form.useWatch('password', form) ?? '';
  const f = useCancelAccountForm(form, paths.home, onCancelled);

  return (
    <>
      <Alert type="error" showIcon message={t('info.cancelIrreversible')} description={t('info.cancelBody')} className="up-dialog-alert" />
      <Form form={form} layout="vertical" name="cancel" onFinish={f.onFinish} requiredMark={false}>
        <Form.Item name="password" label={t('info.cancelPassword')} rules={[f.rule]}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={LIMITS.loginInputMax} />
        </Form.Item>
        <DialogActions onCancel={onClose} submitLabel={t('info.cancelConfirm')} pending={f.pending} danger disabled={password.trim() === ''} />
      </Form>
    </>
  );
}

/**
 * PasswordDialog changes the password in two steps, proving identity by the
 * old password, a phone code or an email code.
 */
export function PasswordDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('info.changePassword')} onCancel={onClose} footer={null} destroyOnHidden width={520}>
      <PasswordForm onClose={onClose} user={user} />
    </Modal>
  );
}

function PasswordForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const f = usePasswordForm(form, user, onClose);
  const { flow } = f;

  return (
    <>
      <Tabs activeKey={flow.tab} onChange={(key) => f.selectTab(key as PasswordTab)} items={f.tabs} />
      <Steps size="small" className="up-dialog-steps" current={flow.step - 1} items={f.steps.map((title) => ({ title }))} />
      <Form form={form} layout="vertical" name="password" requiredMark={false} onFinish={f.onFinish} validateTrigger={['onChange', 'onBlur']}>
        {flow.step === 1 && flow.tab === 'old' ? (
          <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[f.rules.old]}>
            <Input.Password autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
          </Form.Item>
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-dialog-note">{f.note}</p>
            <DesktopCodeField id="password_code" rule={f.rules.code} code={f.codeButton} />
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <Form.Item name="newPassword" label={t('info.newPassword')} rules={[f.rules.next]} extra={t('auth.passwordHint')}>
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} />
            </Form.Item>
            <Form.Item name="confirm" label={t('info.confirmPassword')} dependencies={['newPassword']} rules={[f.rules.repeat]}>
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} />
            </Form.Item>
          </>
        ) : null}
        <DialogActions onCancel={onClose} submitLabel={f.submitLabel} pending={flow.pending} />
      </Form>
      <DesktopSliderCaptcha captcha={f.captcha} />
    </>
  );
}
