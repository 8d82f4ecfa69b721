// The dialogs of the mobile basic-info page: bottom sheets with full-width forms.
import { Button, Form, Input, Radio, Space, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MobileDialog } from '@/components/mobile-dialog';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { useAccountTypes } from '@/features/account/api/get-account-types';
import { useCancelAccount } from '@/features/account/api/cancel-account';
import { useChangeAccountType } from '@/features/account/api/change-account-type';
import { useUpdateNickname } from '@/features/account/api/update-nickname';
import { useContactFlow } from '@/features/account/hooks/use-contact-flow';
import { usePasswordFlow, type PasswordTab } from '@/features/account/hooks/use-password-flow';
import { displayName, maskEmail, maskPhone } from '@/features/account/model/mask';
import type { BaseInfo, Channel } from '@/features/account/model/types';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
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
import { FieldInput } from '../field-input';
import '../mobile-forms.css';

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

function Actions({ onCancel, submitLabel, pending, danger = false, disabled = false }: { onCancel: () => void; submitLabel: string; pending: boolean; danger?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="up-mform__actions up-msheet-actions">
      <Button block size="large" onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      <Button block size="large" type="submit" color={danger ? 'danger' : 'primary'} loading={pending} disabled={disabled} data-testid="dialog-submit">
        {submitLabel}
      </Button>
    </div>
  );
}

/** MobileNicknameDialog edits the nickname. */
export function MobileNicknameDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <MobileDialog open={open} onClose={onClose} title={t('info.editNickname')} testId="nickname-dialog">
      <NicknameForm onClose={onClose} user={user} />
    </MobileDialog>
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
    <Form
      form={form}
      className="up-mform up-mform--flush"
      layout="vertical"
      name="mnickname"
      requiredMarkStyle="none"
      initialValues={{ nickName: current }}
      onFinish={onFinish}
      validateTrigger={['onChange', 'onBlur']}
      footer={<Actions onCancel={onClose} submitLabel={t('dialog.save')} pending={rename.isPending} />}
    >
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[fieldRule(t, checkNickname)]} description={t('auth.nicknameHint')}>
        <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" clearable data-autofocus />
      </Form.Item>
    </Form>
  );
}

interface ContactValues {
  target?: string;
  code?: string;
  currentCode?: string;
}

/** MobileContactDialog binds a phone or email, or changes it in two steps. */
export function MobileContactDialog({ open, onClose, user, channel }: DialogProps & { channel: Channel }) {
  const { t } = useTranslation();
  const bound = Boolean(channel === 'phone' ? user?.phone : user?.email);
  const isPhone = channel === 'phone';
  const title = t(!bound ? (isPhone ? 'info.bindPhone' : 'info.bindEmail') : isPhone ? 'info.changePhone' : 'info.changeEmail');
  return (
    <MobileDialog open={open} onClose={onClose} title={title} testId={`${channel}-dialog`}>
      <ContactForm onClose={onClose} user={user} channel={channel} />
    </MobileDialog>
  );
}

function ContactForm({ onClose, user, channel }: Omit<DialogProps, 'open'> & { channel: Channel }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ContactValues>();
  const current = (channel === 'phone' ? user?.phone : user?.email) ?? '';
  const flow = useContactFlow(channel, current, onClose);
  const captcha = useCaptchaTicket();
  const isPhone = channel === 'phone';

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

  const verifying = flow.mode === 'change' && flow.step === 1;
  const onFinish = async (values: ContactValues) => {
    try {
      if (flow.mode === 'bind') await flow.bind(String(values.target ?? '').trim(), String(values.code ?? '').trim());
      else if (flow.step === 1) await flow.verifyCurrent(String(values.currentCode ?? '').trim());
      else await flow.change(String(values.target ?? '').trim(), String(values.code ?? '').trim());
    } catch (err) {
      form.setFields([{ name: verifying ? 'currentCode' : 'code', errors: errorsOf(err) }]);
    }
  };

  const masked = isPhone ? maskPhone(current) : maskEmail(current);

  return (
    <>
      {flow.mode === 'change' ? (
        <Steps
          current={flow.step - 1}
          className="up-msheet-steps"
        >
          <Steps.Step title={t('info.stepVerify')} />
          <Steps.Step title={t(isPhone ? 'info.stepNewPhone' : 'info.stepNewEmail')} />
        </Steps>
      ) : null}
      <Form
        form={form}
        className="up-mform up-mform--flush"
        layout="vertical"
        name={`mcontact-${channel}`}
        requiredMarkStyle="none"
        onFinish={onFinish}
        validateTrigger={['onChange', 'onBlur']}
        footer={
          <Actions
            onCancel={onClose}
            submitLabel={verifying ? t('dialog.next') : flow.mode === 'bind' ? t('info.bindButton') : t('dialog.confirm')}
            pending={flow.pending}
          />
        }
      >
        {verifying ? (
          <>
            <p className="up-mform__note up-mform__note--info">{t(isPhone ? 'info.verifyCurrentPhone' : 'info.verifyCurrentEmail', { target: masked })}</p>
            <Form.Item
              name="currentCode"
              label={t('auth.code')}
              rules={[fieldRule(t, checkCode)]}
              normalize={codeInput}
             
            >
              <FieldInput after={<MobileCodeButton code={currentButton} testId="current-code-button" />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="target"
              label={t(flow.mode === 'bind' ? (isPhone ? 'auth.phone' : 'auth.email') : isPhone ? 'info.newPhone' : 'info.newEmail')}
              rules={[fieldRule(t, isPhone ? checkPhone : checkEmail)]}
              normalize={isPhone ? phoneInput : undefined}
            >
              {isPhone ? (
                <FieldInput prefix={PHONE_PREFIX} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} clearable />
              ) : (
                <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} clearable />
              )}
            </Form.Item>
            <Form.Item name="code" label={t('auth.code')} rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
              <FieldInput after={<MobileCodeButton code={targetButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
            </Form.Item>
          </>
        )}
      </Form>
      <MobileSliderCaptcha captcha={captcha} />
    </>
  );
}

/** MobileAccountTypeDialog changes the account type, warning that bound devices are unbound. */
export function MobileAccountTypeDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <MobileDialog open={open} onClose={onClose} title={t('info.changeType')} testId="type-dialog">
      <AccountTypeForm onClose={onClose} user={user} />
    </MobileDialog>
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
    if (!selected || selected === current) return onClose();
    try {
      const answer = await change.mutateAsync(selected);
      notify('success', answer.msg || t('messages.operateSuccess'));
      onClose();
    } catch {
      // The client already showed the server's message; the sheet stays open.
    }
  };

  return (
    <div className="up-mform up-mform--flush">
      <div className="up-mform__note" role="note">
        <strong>{t('info.typeWarningTitle')}</strong> {t('info.typeWarning')}
      </div>
      <fieldset className="up-mtype">
        <legend className="up-visually-hidden">{t('info.accountType')}</legend>
        <Radio.Group value={selected} onChange={(v) => setSelected(String(v))}>
          <Space direction="vertical" block>
            {(types.data ?? []).map((type) => (
              <Radio key={type.code} value={type.code} block className="up-mtype__option" data-testid={`type-${type.code}`}>
                {type.name}
                {type.code === current ? <span className="up-type-current">{t('info.currentType')}</span> : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </fieldset>
      <div className="up-mform__actions up-msheet-actions">
        <Button block size="large" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button block size="large" color="primary" loading={change.isPending} onClick={() => void save()} data-testid="dialog-submit">
          {t('dialog.save')}
        </Button>
      </div>
    </div>
  );
}

/** MobileCancelAccountDialog cancels the account after the password (confirm off until one is typed). */
export function MobileCancelAccountDialog({ open, onClose, onCancelled }: Omit<DialogProps, 'user'> & { onCancelled: () => void }) {
  const { t } = useTranslation();
  return (
    <MobileDialog open={open} onClose={onClose} title={t('info.cancelTitle')} testId="cancel-dialog">
      <CancelAccountForm onClose={onClose} onCancelled={onCancelled} />
    </MobileDialog>
  );
}

function CancelAccountForm({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  const password: string = Form.useWatch('password', form) ?? '';
  const cancel = useCancelAccount();

  const onFinish = async (values: { password: string }) => {
    try {
      const answer = await cancel.mutateAsync(values.password.trim());
      notify('success', answer.msg || t('messages.accountCancelled'));
      onCancelled();
      navigate(mobilePaths.home, { replace: true });
    } catch (err) {
      form.setFields([{ name: 'password', errors: errorsOf(err) }]);
    }
  };

  return (
    <Form
      form={form}
      className="up-mform up-mform--flush"
      layout="vertical"
      name="mcancel"
      requiredMarkStyle="none"
      onFinish={onFinish}
      footer={<Actions onCancel={onClose} submitLabel={t('info.cancelConfirm')} pending={cancel.isPending} danger disabled={password.trim() === ''} />}
    >
      <div className="up-mform__alert" role="note">
        <strong>{t('info.cancelIrreversible')}</strong> {t('info.cancelBody')}
      </div>
      <Form.Item name="password" label={t('info.cancelPassword')} rules={[fieldRule(t, checkPasswordPresent)]}>
        <Input type="password" autoComplete="current-password" maxLength={LIMITS.loginInputMax} data-autofocus />
      </Form.Item>
    </Form>
  );
}

interface PasswordValues {
  oldPassword?: string;
  code?: string;
  newPassword?: string;
  confirm?: string;
}

/** MobilePasswordDialog changes the password by old password, phone code or email code, in two steps. */
export function MobilePasswordDialog({ open, onClose, user }: DialogProps) {
  const { t } = useTranslation();
  return (
    <MobileDialog open={open} onClose={onClose} title={t('info.changePassword')} testId="password-dialog">
      <PasswordForm onClose={onClose} user={user} />
    </MobileDialog>
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
      <MobileTabs<PasswordTab>
        label={t('info.verifyBy')}
        active={flow.tab}
        onChange={(key) => {
          if (flow.selectTab(key)) form.resetFields();
        }}
        tabs={[
          { key: 'old', label: t('info.byOldPassword') },
          { key: 'phone', label: t('info.byPhone') },
          { key: 'email', label: t('info.byEmail') },
        ]}
      />
      <Steps current={flow.step - 1} className="up-msheet-steps">
        <Steps.Step title={t('info.stepIdentity')} />
        <Steps.Step title={t('info.stepNewPassword')} />
      </Steps>
      <Form
        form={form}
        className="up-mform up-mform--flush"
        layout="vertical"
        name="mpassword"
        requiredMarkStyle="none"
        onFinish={onFinish}
        validateTrigger={['onChange', 'onBlur']}
        footer={<Actions onCancel={onClose} submitLabel={flow.step === 1 ? t('dialog.next') : t('dialog.confirm')} pending={flow.pending} />}
      >
        {flow.step === 1 && flow.tab === 'old' ? (
          <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[fieldRule(t, checkPasswordPresent)]}>
            <Input type="password" autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
          </Form.Item>
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-mform__note up-mform__note--info">{t(flow.tab === 'phone' ? 'info.codeToPhone' : 'info.codeToEmail', { target })}</p>
            <Form.Item name="code" label={t('auth.code')} rules={[fieldRule(t, checkCode)]} normalize={codeInput}>
              <FieldInput after={<MobileCodeButton code={codeButton} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
            </Form.Item>
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <Form.Item name="newPassword" label={t('info.newPassword')} rules={[fieldRule(t, checkNewPassword)]} description={t('auth.passwordHint')}>
              <Input type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('info.confirmPassword')}
              dependencies={['newPassword']}
              rules={[({ getFieldValue }) => fieldRule(t, (v) => checkRepeatPassword(getFieldValue('newPassword'), v))]}
            >
              <Input type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} />
            </Form.Item>
          </>
        ) : null}
      </Form>
      <MobileSliderCaptcha captcha={captcha} />
    </>
  );
}
