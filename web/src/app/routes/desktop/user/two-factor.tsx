// Two-factor sign-in on the desktop basic-info page: the security row and its dialogs
// (turn on with the QR code and the first code, the recovery codes shown once, new
// recovery codes, turn off). Logic lives in features/two-factor; this file lays out antd.
import type { ReactNode } from 'react';
import { CopyOutlined, DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Modal, Skeleton, Space, Steps, Tag } from 'antd';
import { EnrolKey, EnrolQr, RecoveryCodeList } from '@/features/two-factor/components/recovery-code-list';
import { DesktopPasswordField } from '@/features/auth/components/desktop-password-field';
import { useTwoFactorTexts } from '@/features/two-factor/texts';
import { useDisableForm, useEnrolForm, useRenewForm, useTwoFactorPanel, type RecoveryCodesState } from '@/features/two-factor/hooks/use-two-factor';
import { LIMITS } from '@/lib/validation';
import type { InfoDialog } from '../../use-dialog-param';
import { DialogActions } from './dialog-actions';
import './two-factor.css';

/** DesktopTwoFactorRow is the security card's row: on or off, recovery codes left, and the actions. */
export function DesktopTwoFactorRow({ onOpen }: { onOpen: (dialog: InfoDialog) => void }) {
  const p = useTwoFactorPanel();
  const { t } = p.texts;
  if (!p.texts.ready) return null;
  return (
    <div className="up-info-row" data-testid="two-factor-row">
      <div className="up-info-row__label">
        <span className="up-info-row__icon" aria-hidden="true">
          <SafetyCertificateOutlined />
        </span>
        {t('title')}
      </div>
      <div className="up-info-row__value">
        {p.failed ? (
          <span role="alert">
            {t('loadFailed')}{' '}
            <Button type="link" size="small" onClick={p.retry}>
              {t('retry')}
            </Button>
          </span>
        ) : p.loading ? (
          <Skeleton.Input active size="small" />
        ) : (
          <>
            <Tag color={p.enabled ? 'green' : 'default'} data-testid="two-factor-state">
              {p.label}
            </Tag>
            <span className="up-info-muted" data-testid="two-factor-summary">
              {p.summary}
            </span>
            {p.low ? (
              <div className="up-2fa-low" role="note">
                {t('lowCodes')}
              </div>
            ) : null}
          </>
        )}
      </div>
      {p.loading || p.failed ? null : (
        <div className="up-info-row__action">
          {p.enabled ? (
            <Space wrap>
              <Button onClick={() => onOpen('recoveryCodes')} data-testid="two-factor-renew">
                {t('newCodes')}
              </Button>
              <Button danger onClick={() => onOpen('twoFactorOff')} data-testid="two-factor-off">
                {t('turnOff')}
              </Button>
            </Space>
          ) : (
            <Button type="primary" onClick={() => onOpen('twoFactorOn')} data-testid="two-factor-on">
              {t('turnOn')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** DesktopTwoFactorDialogs are the row's dialogs, one open at a time (the page's ?dialog=). */
export function DesktopTwoFactorDialogs({ dialog, onClose }: { dialog: InfoDialog | null; onClose: () => void }) {
  const { ready } = useTwoFactorTexts();
  if (!ready) return null;
  // Mounted only while open: the set-up asks for a new key when its dialog opens.
  if (dialog === 'twoFactorOn') return <EnrolDialog onClose={onClose} />;
  if (dialog === 'twoFactorOff') return <DisableDialog onClose={onClose} />;
  if (dialog === 'recoveryCodes') return <RenewDialog onClose={onClose} />;
  return null;
}

/** StepsBar shows where the two-step dialogs are. */
function StepsBar({ current, titles }: { current: 1 | 2; titles: string[] }) {
  return <Steps size="small" className="up-dialog-steps" current={current - 1} items={titles.map((title) => ({ title }))} />;
}

/** RecoveryCodes shows the codes once: copy, download, and "I have saved them" before Done. */
function RecoveryCodes({ r, onDone }: { r: RecoveryCodesState; onDone: () => void }) {
  const { t } = useTwoFactorTexts();
  return (
    <div className="up-2fa-codes" data-testid="recovery-codes">
      <Alert type="warning" showIcon message={t('codes.lead')} className="up-dialog-alert" />
      <RecoveryCodeList size="desktop" codes={r.codes} />
      <Space wrap className="up-2fa-codes__tools">
        <Button icon={<CopyOutlined />} onClick={() => void r.copyAll()} data-testid="recovery-copy">
          {t('codes.copyAll')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={r.download} data-testid="recovery-download">
          {t('codes.download')}
        </Button>
      </Space>
      <Checkbox checked={r.saved} onChange={(e) => r.setSaved(e.target.checked)} className="up-2fa-codes__saved" data-testid="recovery-saved">
        {t('codes.saved')}
      </Checkbox>
      <div className="up-dialog-actions">
        <Button type="primary" disabled={!r.saved} onClick={onDone} title={r.saved ? undefined : t('codes.savedFirst')} data-testid="recovery-done">
          {t('codes.done')}
        </Button>
      </div>
    </div>
  );
}

/** LockedModal is a dialog that cannot be closed while closable is false (the codes not saved yet). */
function LockedModal({ title, closable, onClose, testId, children }: { title: string; closable: boolean; onClose: () => void; testId: string; children: ReactNode }) {
  return (
    <Modal open title={title} onCancel={() => closable && onClose()} closable={closable} maskClosable={false} keyboard={closable} footer={null} width={560} data-testid={testId}>
      {children}
    </Modal>
  );
}

function EnrolDialog({ onClose }: { onClose: () => void }) {
  const f = useEnrolForm(Form.useForm, onClose);
  const { t, form, code, enrolment: e } = f;
  return (
    <LockedModal title={t('enrol.title')} closable={f.closable} onClose={onClose} testId="two-factor-enrol">
      <StepsBar current={f.step} titles={f.steps} />
      {f.step === 2 ? (
        <RecoveryCodes r={f.recovery} onDone={f.finish} />
      ) : f.setupError ? (
        <Alert
          type="error"
          showIcon
          message={f.setupError}
          action={
            <Button size="small" onClick={f.retry}>
              {t('retry')}
            </Button>
          }
          data-testid="two-factor-setup-error"
        />
      ) : f.loading || !e ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <p className="up-dialog-note">{t('enrol.scan')}</p>
          <EnrolQr size="desktop" uri={e.uri} />
          <p className="up-dialog-note up-2fa-manual">{t('enrol.manual')}</p>
          <EnrolKey
            size="desktop"
            secret={e.secret}
            grouped={f.key}
            copy={
              <Button icon={<CopyOutlined />} onClick={() => void f.copyKey()} data-testid="two-factor-copy-key">
                {t('enrol.copyKey')}
              </Button>
            }
          />
          <Form form={form} layout="vertical" name="twofactor-enrol" requiredMark={false} onFinish={f.onFinish} validateTrigger={['onBlur']}>
            <Form.Item {...code.field} extra={code.hint} rules={f.rules.code}>
              <Input {...code.input} className="up-2fa-code-input" />
            </Form.Item>
            <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('enrol.submit')} pending={f.pending} />
          </Form>
        </>
      )}
    </LockedModal>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const f = useDisableForm(Form.useForm, onClose);
  const { t, form, code } = f;
  return (
    <Modal open title={t('disable.title')} onCancel={onClose} footer={null} width={520} data-testid="two-factor-disable">
      <Form form={form} layout="vertical" name="twofactor-disable" requiredMark={false} onFinish={f.onFinish} onValuesChange={f.clearError} validateTrigger={['onBlur']}>
        <Alert type="warning" showIcon message={t('disable.lead')} className="up-dialog-alert" />
        <DesktopPasswordField name="password" label={t('disable.password')} rules={f.rules.password} maxLength={LIMITS.loginInputMax} placeholder={t('disable.passwordPlaceholder')} autoFocus testId="two-factor-password" />
        <Form.Item {...code.field} rules={f.rules.code}>
          <Input {...code.input} className="up-2fa-code-input" spellCheck={false} />
        </Form.Item>
        {f.error ? <Alert type="error" showIcon message={f.error} className="up-dialog-alert" role="alert" data-testid="form-error" /> : null}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('disable.submit')} pending={f.pending} danger />
      </Form>
    </Modal>
  );
}

function RenewDialog({ onClose }: { onClose: () => void }) {
  const f = useRenewForm(Form.useForm, onClose);
  const { t, form, code } = f;
  return (
    <LockedModal title={t('renew.title')} closable={f.closable} onClose={onClose} testId="two-factor-renew-dialog">
      {f.step === 2 ? (
        <RecoveryCodes r={f.recovery} onDone={f.finish} />
      ) : (
        <Form form={form} layout="vertical" name="twofactor-renew" requiredMark={false} onFinish={f.onFinish} validateTrigger={['onBlur']}>
          <p className="up-dialog-note">{t('renew.lead')}</p>
          <Form.Item {...code.field} rules={f.rules.code}>
            <Input {...code.input} autoFocus className="up-2fa-code-input" spellCheck={false} />
          </Form.Item>
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('renew.submit')} pending={f.pending} />
        </Form>
      )}
    </LockedModal>
  );
}
