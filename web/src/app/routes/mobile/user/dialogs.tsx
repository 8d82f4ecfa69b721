// The dialogs of the mobile basic-info page: bottom sheets with full-width forms.
import { Button, Form, Input, Radio, Space, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobileDialog } from '@/components/mobile-dialog';
import { MobileTabs } from '@/components/mobile-tabs';
import { mobilePaths } from '@/config/paths';
import { useAccountTypeForm, useCancelAccountForm, useContactForm, useContactTitle, useNicknameForm, usePasswordForm } from '@/features/account/hooks/use-dialog-forms';
import type { ProofBy } from '@/features/account/hooks/use-contact-flow';
import type { PasswordTab } from '@/features/account/hooks/use-password-flow';
import type { BaseInfo, Channel } from '@/features/account/model/types';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { LIMITS, PHONE_PREFIX, phoneInput } from '@/lib/validation';
import { useLang } from '../../../layouts/use-lang';
import { MobileCodeField } from '../code-field';
import { FieldInput } from '../field-input';
import '../mobile-forms.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  user: BaseInfo | undefined;
}

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
  const [form] = Form.useForm();
  const f = useNicknameForm(form, user, onClose);

  return (
    <Form
      form={form}
      className="up-mform up-mform--flush"
      layout="vertical"
      name="mnickname"
      requiredMarkStyle="none"
      initialValues={{ nickName: f.current }}
      onFinish={f.onFinish}
      validateTrigger={['onChange', 'onBlur']}
      footer={<Actions onCancel={onClose} submitLabel={t('dialog.save')} pending={f.pending} />}
    >
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[f.rule]} description={t('auth.nicknameHint')}>
        <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" clearable data-autofocus />
      </Form.Item>
    </Form>
  );
}

/** MobileContactDialog binds a phone or email, or changes it in two steps. */
export function MobileContactDialog({ open, onClose, user, channel }: DialogProps & { channel: Channel }) {
  const title = useContactTitle(user, channel);
  return (
    <MobileDialog open={open} onClose={onClose} title={title} testId={`${channel}-dialog`}>
      <ContactForm onClose={onClose} user={user} channel={channel} />
    </MobileDialog>
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
        <MobileTabs<ProofBy> label={t('info.verifyBy')} active={f.flow.proofBy} onChange={f.selectProof} tabs={f.proofTabs} testId="bind-proof-tabs" />
      ) : null}
      <Steps current={f.flow.step - 1} className="up-msheet-steps">
        {f.steps.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <Form
        form={form}
        className="up-mform up-mform--flush"
        layout="vertical"
        name={`mcontact-${channel}`}
        requiredMarkStyle="none"
        onFinish={f.onFinish}
        validateTrigger={['onChange', 'onBlur']}
        footer={<Actions onCancel={onClose} submitLabel={f.submitLabel} pending={f.flow.pending} />}
      >
        {f.verifying ? (
          <>
            <p className="up-mform__note up-mform__note--info">{f.note}</p>
            {f.byPassword ? (
              <Form.Item name="password" label={t('info.loginPassword')} rules={[f.rules.password]}>
                <Input type="password" autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
              </Form.Item>
            ) : (
              <MobileCodeField name="currentCode" rule={f.rules.code} code={f.currentButton} buttonTestId="current-code-button" />
            )}
          </>
        ) : (
          <>
            <Form.Item name="target" label={f.targetLabel} rules={[f.rules.target]} normalize={f.isPhone ? phoneInput : undefined}>
              {f.isPhone ? (
                <FieldInput prefix={PHONE_PREFIX} inputMode="numeric" autoComplete="tel-national" placeholder={t('auth.phonePlaceholder')} clearable />
              ) : (
                <Input type="email" maxLength={LIMITS.emailMax} autoComplete="email" placeholder={t('auth.emailPlaceholder')} clearable />
              )}
            </Form.Item>
            <MobileCodeField rule={f.rules.code} code={f.targetButton} />
            <p className="up-mform__note up-mform__note--info" data-testid="contact-hold-note">
              {f.holdNote}
            </p>
          </>
        )}
      </Form>
      <MobileSliderCaptcha captcha={f.captcha} />
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
  const f = useAccountTypeForm(user, useLang(), onClose);

  return (
    <div className="up-mform up-mform--flush">
      <div className="up-mform__note" role="note">
        <strong>{t('info.typeWarningTitle')}</strong> {t('info.typeWarning')}
      </div>
      <fieldset className="up-mtype">
        <legend className="up-visually-hidden">{t('info.accountType')}</legend>
        <Radio.Group value={f.selected} onChange={(v) => f.setSelected(String(v))}>
          <Space direction="vertical" block>
            {f.types.map((type) => (
              <Radio key={type.code} value={type.code} block className="up-mtype__option" data-testid={`type-${type.code}`}>
                {type.name}
                {type.code === f.current ? <span className="up-type-current">{t('info.currentType')}</span> : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </fieldset>
      <div className="up-mform__actions up-msheet-actions">
        <Button block size="large" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button block size="large" color="primary" loading={f.pending} onClick={() => void f.save()} data-testid="dialog-submit">
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
  const [form] = Form.useForm();
  const password: string = Form.useWatch('password', form) ?? '';
  const f = useCancelAccountForm(form, mobilePaths.home, onCancelled);

  return (
    <Form
      form={form}
      className="up-mform up-mform--flush"
      layout="vertical"
      name="mcancel"
      requiredMarkStyle="none"
      onFinish={f.onFinish}
      footer={<Actions onCancel={onClose} submitLabel={t('info.cancelConfirm')} pending={f.pending} danger disabled={password.trim() === ''} />}
    >
      <div className="up-mform__alert" role="note">
        <strong>{t('info.cancelIrreversible')}</strong> {t('info.cancelBody')}
      </div>
      <Form.Item name="password" label={t('info.cancelPassword')} rules={[f.rule]}>
        <Input type="password" autoComplete="current-password" maxLength={LIMITS.loginInputMax} data-autofocus />
      </Form.Item>
    </Form>
  );
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
  const [form] = Form.useForm();
  const f = usePasswordForm(form, user, onClose);
  const { flow } = f;

  return (
    <>
      <MobileTabs<PasswordTab> label={t('info.verifyBy')} active={flow.tab} onChange={f.selectTab} tabs={f.tabs} />
      <Steps current={flow.step - 1} className="up-msheet-steps">
        {f.steps.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <Form
        form={form}
        className="up-mform up-mform--flush"
        layout="vertical"
        name="mpassword"
        requiredMarkStyle="none"
        onFinish={f.onFinish}
        validateTrigger={['onChange', 'onBlur']}
        footer={<Actions onCancel={onClose} submitLabel={f.submitLabel} pending={flow.pending} />}
      >
        {flow.step === 1 && flow.tab === 'old' ? (
          <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[f.rules.old]}>
            <Input type="password" autoComplete="current-password" maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
          </Form.Item>
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-mform__note up-mform__note--info">{f.note}</p>
            <MobileCodeField rule={f.rules.code} code={f.codeButton} />
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <Form.Item name="newPassword" label={t('info.newPassword')} rules={[f.rules.next]} description={t('auth.passwordHint')}>
              <Input type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} />
            </Form.Item>
            <Form.Item name="confirm" label={t('info.confirmPassword')} dependencies={['newPassword']} rules={[f.rules.repeat]}>
              <Input type="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} />
            </Form.Item>
          </>
        ) : null}
      </Form>
      <MobileSliderCaptcha captcha={f.captcha} />
    </>
  );
}
