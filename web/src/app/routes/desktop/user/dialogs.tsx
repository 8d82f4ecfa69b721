// The dialogs of the desktop basic-info page (SPEC.md section 2 "Basic info").
import { Alert, Button, Form, Input, Modal, Radio, Space, Steps, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAccountTypes } from '@/features/account/api/get-account-types';
import { useCancelAccount } from '@/features/account/api/cancel-account';
import { useChangeAccountType } from '@/features/account/api/change-account-type';
import { useUpdateNickname } from '@/features/account/api/update-nickname';
import { useContactFlow } from '@/features/account/hooks/use-contact-flow';
import { usePasswordFlow, type PasswordTab } from '@/features/account/hooks/use-password-flow';
import { displayName, maskEmail, maskPhone } from '@/features/account/model/mask';
import type { BaseInfo, Channel } from '@/features/account/model/types';
import { DesktopCodeButton } from '@/features/auth/components/desktop-code-button';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { useCaptchaTicket } from '@/features/auth/hooks/use-captcha-ticket';
import { useCodeButton } from '@/features/auth/hooks/use-code-button';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import {
  LIMITS,
  PHONE_PREFIX,
  checkCode,
  checkEmail,
  checkNewPassword,
  checkNickname,
  checkPasswordPresent,
  checkPhone,
  checkRepeatPassword,
  codeInput,
  fieldRule,
  phoneInput,
} from '@/lib/validation';
import { useLang } from '../../../layouts/use-lang';

/** DialogProps: every dialog is open or not and closes through onClose. */
interface DialogProps {
  open: boolean;
  onClose: () => void;
  user: BaseInfo | undefined;
}

/** errorsOf gives a failed call's message as a field's errors. */
const errorsOf = (err: unknown): string[] => {
  const message = errorMessage(err);
  return message ? [message] : [];
};

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
  const [form] = Form.useForm<{ nickName: string }>();
  const rename = useUpdateNickname();
  const current = displayName(user);

  const onFinish = async ({ nickName }: { nickName: string }) => {
    const next = nickName.trim();
    if (next === current) return onClose();
    try {
      const answer = await rename.mutateAsync(next);
      notify('success', answer.msg || t('messages.operateSuccess'));
      onClose();
    } catch (err) {
      form.setFields([{ name: 'nickName', errors: errorsOf(err) }]);
    }
  };

  return (
    <Form form={form} layout="vertical" name="nickname" requiredMark={false} initialValues={{ nickName: current }} onFinish={onFinish} validateTrigger={['onChange', 'onBlur']}>
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[fieldRule(t, checkNickname)]} extra={t('auth.nicknameHint')}>
        <Input maxLength={LIMITS.nicknameMax} autoFocus autoComplete="nickname" />
      </Form.Item>
      <DialogActions onCancel={onClose} submitLabel={t('dialog.save')} pending={rename.isPending} />
    </Form>
  );
}

interface ContactValues {
  target?: string;
  code?: string;
  currentCode?: string;
}

/**
 * ContactDialog binds a phone or email when none is bound, else changes it in
 * two steps: a code to the current one, then the new one with its own code.
 */
export function ContactDialog({ open, onClose, user, channel }: DialogProps & { channel: Channel }) {
  const { t } = useTranslation();
  const bound = Boolean(channel === 'phone' ? user?.phone : user?.email);
  const isPhone = channel === 'phone';
  const title = t(!bound ? (isPhone ? 'info.bindPhone' : 'info.bindEmail') : isPhone ? 'info.changePhone' : 'info.changeEmail');
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={500}>
      <ContactForm onClose={onClose} user={user} channel={channel} />
    </Modal>
  );
}

function ContactForm({ onClose, user, channel }: Omit<DialogProps, 'open'> & { channel: Channel }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  const current = (channel === 'phone' ? user?.phone : user?.email) ?? '';
  const flow = useContactFlow(channel, current, onClose);
  const captcha = useCaptchaTicket();
  const isPhone = channel === 'phone';
  const checkTarget = isPhone ? checkPhone : checkEmail;

  const currentButton = useCodeButton({
    captcha,
    prepare: () => true,
    send: flow.sendCurrent,
    onError: (m) => form.setFields([{ name: 'currentCode', errors: [m] }]),
  });
  const targetButton = useCodeButton({
    captcha,
    prepare: () => form.validateFields(['target']).then(() => true, () => false),
    send: (ticket) => {
      const target = String(form.getFieldValue('target') ?? '').trim();
      return flow.mode === 'bind' ? flow.sendBind(target, ticket) : flow.sendNew(target, ticket);
    },
    onError: (m) => form.setFields([{ name: 'code', errors: [m] }]),
  });

  const onFinish = async (values: ContactValues) => {
    try {
      if (flow.mode === 'bind') await flow.bind(String(values.target ?? '').trim(), String(values.code ?? '').trim());
      else if (flow.step === 1) await flow.verifyCurrent(String(values.currentCode ?? '').trim());
      else await flow.change(String(values.target ?? '').trim(), String(values.code ?? '').trim());
    } catch (err) {
      form.setFields([{ name: flow.mode === 'change' && flow.step === 1 ? 'currentCode' : 'code', errors: errorsOf(err) }]);
    }
  };

  const masked = isPhone ? maskPhone(current) : maskEmail(current);
  const verifying = flow.mode === 'change' && flow.step === 1;

  return (
    <>
      {flow.mode === 'change' ? (
        <Steps
          size="small"
          className="up-dialog-steps"
          current={flow.step - 1}
          items={[{ title: t('info.stepVerify') }, { title: t(isPhone ? 'info.stepNewPhone' : 'info.stepNewEmail') }]}
        />
      ) : null}
      <Form form={form} layout="vertical" name={`contact-${channel}`} requiredMark={false} onFinish={onFinish} validateTrigger={['onChange', 'onBlur']}>
        {verifying ? (
          <>
            <p className="up-dialog-note">{t(isPhone ? 'info.verifyCurrentPhone' : 'info.verifyCurrentEmail', { target: masked })}</p>
            <Form.Item label={t('auth.code')} htmlFor={`contact-${channel}_currentCode`} required>
              <div className="up-code-row">
                <Form.Item name="currentCode" noStyle rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
                  <Input maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
                </Form.Item>
                <DesktopCodeButton code={currentButton} testId="current-code-button" />
              </div>
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="target"
              label={t(flow.mode === 'bind' ? (isPhone ? 'auth.phone' : 'auth.email') : isPhone ? 'info.newPhone' : 'info.newEmail')}
              rules={[fieldRule(t, checkTarget)]}
              normalize={isPhone ? phoneInput : undefined}
            >
              {isPhone ? (
                <Input prefix={<span className="up-cc">{PHONE_PREFIX}</span>} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} />
              ) : (
                <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} />
              )}
            </Form.Item>
            <Form.Item label={t('auth.code')} htmlFor={`contact-${channel}_code`} required>
              <div className="up-code-row">
                <Form.Item name="code" noStyle rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
                  <Input maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
                </Form.Item>
                <DesktopCodeButton code={targetButton} />
              </div>
            </Form.Item>
          </>
        )}
        <DialogActions
          onCancel={onClose}
          submitLabel={verifying ? t('dialog.next') : flow.mode === 'bind' ? t('info.bindButton') : t('dialog.confirm')}
          pending={flow.pending}
        />
      </Form>
      <DesktopSliderCaptcha captcha={captcha} />
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
  const lang = useLang();
  const types = useAccountTypes(lang);
  const change = useChangeAccountType();
  const current = user?.accountTypeCode ?? '';
  const [selected, setSelected] = useState(current);

  const save = async () => {
    // The same type changes nothing: just close (SPEC.md section 4).
    if (!selected || selected === current) return onClose();
    try {
      const answer = await change.mutateAsync(selected);
      notify('success', answer.msg || t('messages.operateSuccess'));
      onClose();
    } catch {
      // The client already showed the server's message; the dialog stays open.
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Alert type="warning" showIcon message={t('info.typeWarningTitle')} description={t('info.typeWarning')} className="up-dialog-alert" />
      <fieldset className="up-type-options">
        <legend className="up-visually-hidden">{t('info.accountType')}</legend>
        <Radio.Group value={selected} onChange={(e) => setSelected(e.target.value as string)} className="up-type-group">
          <Space direction="vertical" size={10}>
            {(types.data ?? []).map((type) => (
              <Radio key={type.code} value={type.code} data-testid={`type-${type.code}`}>
                {type.name}
                {type.code === current ? <span className="up-type-current">{t('info.currentType')}</span> : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {types.isLoading ? <p className="up-dialog-note">{t('common.loading')}</p> : null}
      </fieldset>
      <DialogActions onCancel={onClose} submitLabel={t('dialog.save')} pending={change.isPending} />
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
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const password = Form.useWatch('password', form) ?? '';
  const cancel = useCancelAccount();

  const onFinish = async (values: { password: string }) => {
    try {
      const answer = await cancel.mutateAsync(values.password.trim());
      notify('success', answer.msg || t('messages.accountCancelled'));
      onCancelled();
      navigate(paths.home, { replace: true });
    } catch (err) {
      form.setFields([{ name: 'password', errors: errorsOf(err) }]);
    }
  };

  return (
    <>
      <Alert type="error" showIcon message={t('info.cancelIrreversible')} description={t('info.cancelBody')} className="up-dialog-alert" />
      <Form form={form} layout="vertical" name="cancel" onFinish={onFinish} requiredMark={false}>
        <Form.Item name="password" label={t('info.cancelPassword')} rules={[fieldRule(t, checkPasswordPresent)]}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={LIMITS.loginInputMax} />
        </Form.Item>
        <DialogActions onCancel={onClose} submitLabel={t('info.cancelConfirm')} pending={cancel.isPending} danger disabled={password.trim() === ''} />
      </Form>
    </>
  );
}

interface PasswordValues {
  oldPassword?: string;
  code?: string;
  newPassword?: string;
  confirm?: string;
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
  const [form] = Form.useForm<PasswordValues>();
  const flow = usePasswordFlow(user, onClose);
  const captcha = useCaptchaTicket();
  const codeButton = useCodeButton({
    captcha,
    prepare: () => true,
    send: flow.send,
    onError: (m) => form.setFields([{ name: 'code', errors: [m] }]),
  });

  const onFinish = async (values: PasswordValues) => {
    const step = flow.step;
    try {
      if (step === 1) {
        await flow.verify(flow.tab === 'old' ? values.oldPassword ?? '' : values.code ?? '');
        form.setFieldsValue({ newPassword: '', confirm: '' });
      } else {
        await flow.update(values.newPassword ?? '');
      }
    } catch (err) {
      form.setFields([{ name: step === 1 ? (flow.tab === 'old' ? 'oldPassword' : 'code') : 'newPassword', errors: errorsOf(err) }]);
    }
  };

  const target = flow.tab === 'phone' ? maskPhone(user?.phone) : flow.tab === 'email' ? maskEmail(user?.email) : '';

  return (
    <>
      <Tabs
        activeKey={flow.tab}
        onChange={(key) => {
          if (flow.selectTab(key as PasswordTab)) form.resetFields();
        }}
        items={[
          { key: 'old', label: t('info.byOldPassword') },
          { key: 'phone', label: t('info.byPhone') },
          { key: 'email', label: t('info.byEmail') },
        ]}
      />
      <Steps size="small" className="up-dialog-steps" current={flow.step - 1} items={[{ title: t('info.stepIdentity') }, { title: t('info.stepNewPassword') }]} />
      <Form form={form} layout="vertical" name="password" requiredMark={false} onFinish={onFinish} validateTrigger={['onChange', 'onBlur']}>
        {flow.step === 1 && flow.tab === 'old' ? (
          <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[fieldRule(t, checkPasswordPresent)]}>
            <Input.Password autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
          </Form.Item>
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-dialog-note">{t(flow.tab === 'phone' ? 'info.codeToPhone' : 'info.codeToEmail', { target })}</p>
            <Form.Item label={t('auth.code')} htmlFor="password_code" required>
              <div className="up-code-row">
                <Form.Item name="code" noStyle rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
                  <Input maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
                </Form.Item>
                <DesktopCodeButton code={codeButton} />
              </div>
            </Form.Item>
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <Form.Item name="newPassword" label={t('info.newPassword')} rules={[fieldRule(t, checkNewPassword)]} extra={t('auth.passwordHint')}>
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('info.confirmPassword')}
              dependencies={['newPassword']}
              rules={[({ getFieldValue }) => fieldRule(t, (v) => checkRepeatPassword(getFieldValue('newPassword'), v))]}
            >
              <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} />
            </Form.Item>
          </>
        ) : null}
        <DialogActions onCancel={onClose} submitLabel={flow.step === 1 ? t('dialog.next') : t('dialog.confirm')} pending={flow.pending} />
      </Form>
      <DesktopSliderCaptcha captcha={captcha} />
    </>
  );
}
