// Two-factor sign-in on the phone's basic-info page: the security list's items and their
// bottom sheets (turn on with the QR code or the app link and the first code, the recovery
// codes shown once, new recovery codes, turn off). Logic lives in features/two-factor; this
// file lays out antd-mobile.
import { Button, Checkbox, ErrorBlock, Form, Input, List, Skeleton, Steps, Tag } from 'antd-mobile';
import { EnrolKey, EnrolQr, RecoveryCodeList } from '@/features/two-factor/components/recovery-code-list';
import { MobileDialog } from '@/components/mobile-dialog';
import { useDisableForm, useEnrolForm, useRenewForm, useTwoFactorPanel, type RecoveryCodesState } from '@/features/two-factor/hooks/use-two-factor';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { LIMITS } from '@/lib/validation';
import type { InfoDialog } from '../../use-dialog-param';
import { MobilePasswordField } from '../password-field';
import '../mobile-forms.css';
import { SheetForm } from './sheet-form';
import './two-factor.css';

/**
 * MobileTwoFactorItems are the security list's items: the status (tap to turn on), and while
 * it is on, new recovery codes and turn off.
 */
export function MobileTwoFactorItems({ onOpen }: { onOpen: (dialog: InfoDialog) => void }) {
  const p = useTwoFactorPanel();
  const { t } = p.texts;
  if (!p.texts.ready) return null;
  if (p.failed)
    return (
      <List.Item onClick={p.retry} description={t('retry')} data-testid="two-factor-row">
        {t('loadFailed')}
      </List.Item>
    );
  return (
    <>
      <List.Item
        extra={
          p.loading ? null : (
            <Tag color={p.enabled ? 'success' : 'default'} fill="outline" data-testid="two-factor-state">
              {p.label}
            </Tag>
          )
        }
        description={
          p.loading ? null : (
            <>
              <span data-testid="two-factor-summary">{p.summary}</span>
              {p.low ? <span className="up-m2fa-low">{t('lowCodes')}</span> : null}
            </>
          )
        }
        onClick={p.loading || p.enabled ? undefined : () => onOpen('twoFactorOn')}
        arrow={!p.loading && !p.enabled}
        data-testid="two-factor-row"
      >
        {t('title')}
      </List.Item>
      {p.enabled ? (
        <>
          <List.Item onClick={() => onOpen('recoveryCodes')} data-testid="two-factor-renew">
            {t('newCodes')}
          </List.Item>
          <List.Item onClick={() => onOpen('twoFactorOff')} data-testid="two-factor-off">
            <span className="up-m2fa-danger">{t('disable.title')}</span>
          </List.Item>
        </>
      ) : null}
    </>
  );
}

/** MobileTwoFactorDialogs are the items' sheets, one open at a time (the page's ?dialog=). */
export function MobileTwoFactorDialogs({ dialog, onClose }: { dialog: InfoDialog | null; onClose: () => void }) {
  const { t, ready } = useTwoFactorTexts();
  if (!ready) return null;
  return (
    <>
      {/* Mounted only while open, as on the desktop: the set-up asks for a new key when its
          sheet opens, and a sheet's close button and mask follow the form inside (codes are
          saved first). */}
      {dialog === 'twoFactorOn' ? <EnrolSheet onClose={onClose} title={t('enrol.title')} /> : null}
      {dialog === 'recoveryCodes' ? <RenewSheet onClose={onClose} title={t('renew.title')} /> : null}
      {dialog === 'twoFactorOff' ? <DisableSheet onClose={onClose} title={t('disable.title')} /> : null}
    </>
  );
}

/** RecoveryCodes shows the codes once: copy, download, and "I have saved them" before Done. */
function RecoveryCodes({ r, onDone }: { r: RecoveryCodesState; onDone: () => void }) {
  const { t } = useTwoFactorTexts();
  return (
    <div className="up-m2fa-codes" data-testid="recovery-codes">
      <p className="up-mform__note">{t('codes.lead')}</p>
      <RecoveryCodeList size="mobile" codes={r.codes} />
      <div className="up-msheet-actions up-m2fa-codes__tools">
        <Button block onClick={() => void r.copyAll()} data-testid="recovery-copy">
          {t('codes.copyAll')}
        </Button>
        <Button block onClick={r.download} data-testid="recovery-download">
          {t('codes.download')}
        </Button>
      </div>
      <Checkbox checked={r.saved} onChange={r.setSaved} className="up-m2fa-codes__saved" data-testid="recovery-saved">
        {t('codes.saved')}
      </Checkbox>
      <Button block size="large" color="primary" disabled={!r.saved} onClick={onDone} data-testid="recovery-done">
        {t('codes.done')}
      </Button>
    </div>
  );
}

function EnrolSheet({ onClose, title }: { onClose: () => void; title: string }) {
  const f = useEnrolForm(Form.useForm, onClose);
  const { t, form, code, enrolment: e } = f;
  return (
    <MobileDialog open onClose={onClose} title={title} closable={f.closable} testId="two-factor-enrol">
      <Steps current={f.step - 1} className="up-msheet-steps">
        {f.steps.map((s) => (
          <Steps.Step key={s} title={s} />
        ))}
      </Steps>
      {f.step === 2 ? (
        <RecoveryCodes r={f.recovery} onDone={f.finish} />
      ) : f.setupError ? (
        <ErrorBlock status="default" title={f.setupError} description="" fullPage={false} data-testid="two-factor-setup-error">
          <Button color="primary" onClick={f.retry}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : f.loading || !e ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : (
        <SheetForm
          form={form}
          name="mtwofactor-enrol"
          onFinish={f.onFinish}
          validateTrigger={['onBlur']}
          actions={{ onCancel: onClose, cancelLabel: t('cancel'), submitLabel: t('enrol.submit'), pending: f.pending }}
        >
          <p className="up-m2fa-text">{t('enrol.scan')}</p>
          <EnrolQr size="mobile" uri={e.uri} />
          <a className="up-m2fa-open" href={e.uri} data-testid="two-factor-open-app">
            {t('enrol.openApp')}
          </a>
          <p className="up-m2fa-text">{t('enrol.manual')}</p>
          <EnrolKey
            size="mobile"
            secret={e.secret}
            grouped={f.key}
            copy={
              <Button size="small" onClick={() => void f.copyKey()} data-testid="two-factor-copy-key">
                {t('enrol.copyKey')}
              </Button>
            }
          />
          <Form.Item {...code.field} description={code.hint} rules={f.rules.code}>
            <Input {...code.input} className="up-m2fa-input" />
          </Form.Item>
        </SheetForm>
      )}
    </MobileDialog>
  );
}

function RenewSheet({ onClose, title }: { onClose: () => void; title: string }) {
  const f = useRenewForm(Form.useForm, onClose);
  const { t, form, code } = f;
  return (
    <MobileDialog open onClose={onClose} title={title} closable={f.closable} testId="two-factor-renew-dialog">
      {f.step === 2 ? (
        <RecoveryCodes r={f.recovery} onDone={f.finish} />
      ) : (
        <SheetForm
          form={form}
          name="mtwofactor-renew"
          onFinish={f.onFinish}
          validateTrigger={['onBlur']}
          actions={{ onCancel: onClose, cancelLabel: t('cancel'), submitLabel: t('renew.submit'), pending: f.pending }}
        >
          <p className="up-mform__note up-mform__note--info">{t('renew.lead')}</p>
          <Form.Item {...code.field} rules={f.rules.code}>
            <Input {...code.input} className="up-m2fa-input" />
          </Form.Item>
        </SheetForm>
      )}
    </MobileDialog>
  );
}

function DisableSheet({ onClose, title }: { onClose: () => void; title: string }) {
  const f = useDisableForm(Form.useForm, onClose);
  const { t, form, code } = f;
  return (
    <MobileDialog open onClose={onClose} title={title} testId="two-factor-disable">
      <SheetForm
        form={form}
        name="mtwofactor-disable"
        onFinish={f.onFinish}
        onValuesChange={f.clearError}
        validateTrigger={['onBlur']}
        actions={{ onCancel: onClose, cancelLabel: t('cancel'), submitLabel: t('disable.submit'), pending: f.pending, danger: true }}
        alert={f.error}
      >
        <p className="up-mform__note">{t('disable.lead')}</p>
        <MobilePasswordField name="password" label={t('disable.password')} rules={f.rules.password} maxLength={LIMITS.loginInputMax} placeholder={t('disable.passwordPlaceholder')} autoFocus testId="two-factor-password" />
        <Form.Item {...code.field} rules={f.rules.code}>
          <Input {...code.input} className="up-m2fa-input" />
        </Form.Item>
      </SheetForm>
    </MobileDialog>
  );
}
