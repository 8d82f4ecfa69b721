// The dialogs of the mobile basic-info page: bottom sheets with full-width forms.
import { Button, Form, Input, Radio, Space, Steps } from 'antd-mobile';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { DialogProps as AccountDialogProps } from '@/features/account/components/account-dialogs';
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
import { MobilePasswordField } from '../password-field';
import '../mobile-forms.css';
import { SheetForm } from './sheet-form';

type DialogProps = AccountDialogProps;

/** useTitle makes a sheet's title hook of a text key. */
const useTitle = (key: string) => () => useTranslation().t(key);

/** sheet makes a bottom sheet of a form, titled by the title hook and marked for tests by testIdOf. */
function sheet<P extends { onClose: () => void }>(Body: ComponentType<P>, useSheetTitle: (p: P) => string, testIdOf: (p: P) => string) {
  return function Sheet({ open, ...rest }: P & { open: boolean }) {
    const p = rest as unknown as P;
    return (
      <MobileDialog open={open} onClose={p.onClose} title={useSheetTitle(p)} testId={testIdOf(p)}>
        <Body {...p} />
      </MobileDialog>
    );
  };
}

/** MobileNicknameDialog edits the nickname. */
export const MobileNicknameDialog = sheet(NicknameForm, useTitle('info.editNickname'), () => 'nickname-dialog');

function NicknameForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = useNicknameForm(Form.useForm, user, onClose);
  const { t, form } = f;

  return (
    <SheetForm
      form={form}
      name="mnickname"
      initialValues={{ nickName: f.current }}
      onFinish={f.onFinish}
      validateTrigger={['onChange', 'onBlur']}
      actions={{ onCancel: onClose, submitLabel: t('dialog.save'), pending: f.pending }}
    >
      <Form.Item name="nickName" label={t('auth.nickname')} rules={[f.rule]} description={t('auth.nicknameHint')}>
        <Input maxLength={LIMITS.nicknameMax} autoComplete="nickname" clearable data-autofocus />
      </Form.Item>
    </SheetForm>
  );
}

/** MobileContactDialog binds a phone or email, or changes it in two steps. */
export const MobileContactDialog = sheet(ContactForm, (p: { user: BaseInfo | undefined; channel: Channel }) => useContactTitle(p.user, p.channel), (p) => `${p.channel}-dialog`);

function ContactForm({ onClose, user, channel }: Omit<DialogProps, 'open'> & { channel: Channel }) {
  const f = useContactForm(Form.useForm, user, channel, onClose);
  const { t, form } = f;

  return (
    <>
      {f.choosesProof ? (
        <MobileTabs<ProofBy> label={t('info.verifyBy')} active={f.flow.proofBy} onChange={f.selectProof} tabs={f.proofTabs} testId="bind-proof-tabs" />
      ) : null}
      <Steps current={f.flow.step - 1} className="up-msheet-steps">
        {f.steps.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <SheetForm
        form={form}
        name={`mcontact-${channel}`}
        onFinish={f.onFinish}
        validateTrigger={['onChange', 'onBlur']}
        actions={{ onCancel: onClose, submitLabel: f.submitLabel, pending: f.flow.pending }}
      >
        {f.verifying ? (
          <>
            <p className="up-mform__note up-mform__note--info">{f.note}</p>
            {f.byPassword ? (
              <MobilePasswordField name="password" label={t('info.loginPassword')} rules={[f.rules.password]} maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
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
      </SheetForm>
      <MobileSliderCaptcha captcha={f.captcha} />
    </>
  );
}

/** MobileAccountTypeDialog changes the account type, warning that bound devices are unbound. */
export const MobileAccountTypeDialog = sheet(AccountTypeForm, useTitle('info.changeType'), () => 'type-dialog');

function AccountTypeForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = useAccountTypeForm(user, useLang(), onClose);
  const { t } = f;

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
export const MobileCancelAccountDialog = sheet(CancelAccountForm, useTitle('info.cancelTitle'), () => 'cancel-dialog');

function CancelAccountForm({ onClose, onCancelled }: { onClose: () => void; onCancelled: () => void }) {
  const f = useCancelAccountForm(Form.useForm, mobilePaths.home, onCancelled);
  const { t, form } = f;
  const password: string = Form.useWatch('password', form) ?? '';

  return (
    <SheetForm
      form={form}
      name="mcancel"
      onFinish={f.onFinish}
      actions={{ onCancel: onClose, submitLabel: t('info.cancelConfirm'), pending: f.pending, danger: true, disabled: password.trim() === '' }}
    >
      <div className="up-mform__alert" role="note">
        <strong>{t('info.cancelIrreversible')}</strong> {t('info.cancelBody')}
      </div>
      <MobilePasswordField name="password" label={t('info.cancelPassword')} rules={[f.rule]} maxLength={LIMITS.loginInputMax} autoFocus />
    </SheetForm>
  );
}

/** MobilePasswordDialog changes the password by old password, phone code or email code, in two steps. */
export const MobilePasswordDialog = sheet(PasswordForm, useTitle('info.changePassword'), () => 'password-dialog');

function PasswordForm({ onClose, user }: Omit<DialogProps, 'open'>) {
  const f = usePasswordForm(Form.useForm, user, onClose);
  const { t, form, flow } = f;

  return (
    <>
      <MobileTabs<PasswordTab> label={t('info.verifyBy')} active={flow.tab} onChange={f.selectTab} tabs={f.tabs} />
      <Steps current={flow.step - 1} className="up-msheet-steps">
        {f.steps.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <SheetForm
        form={form}
        name="mpassword"
        onFinish={f.onFinish}
        validateTrigger={['onChange', 'onBlur']}
        actions={{ onCancel: onClose, submitLabel: f.submitLabel, pending: flow.pending }}
      >
        {flow.step === 1 && flow.tab === 'old' ? (
          <MobilePasswordField name="oldPassword" label={t('info.oldPassword')} rules={[f.rules.old]} maxLength={LIMITS.loginInputMax} placeholder={t('info.oldPasswordPlaceholder')} />
        ) : null}
        {flow.step === 1 && flow.tab !== 'old' ? (
          <>
            <p className="up-mform__note up-mform__note--info">{f.note}</p>
            <MobileCodeField rule={f.rules.code} code={f.codeButton} />
          </>
        ) : null}
        {flow.step === 2 ? (
          <>
            <MobilePasswordField name="newPassword" label={t('info.newPassword')} rules={[f.rules.next]} fresh maxLength={LIMITS.passwordMax} placeholder={t('auth.newPasswordPlaceholder')} hint={t('auth.passwordHint')} />
            <MobilePasswordField name="confirm" label={t('info.confirmPassword')} rules={[f.rules.repeat]} fresh maxLength={LIMITS.passwordMax} placeholder={t('auth.repeatPlaceholder')} dependencies={['newPassword']} />
          </>
        ) : null}
      </SheetForm>
      <MobileSliderCaptcha captcha={f.captcha} />
    </>
  );
}
