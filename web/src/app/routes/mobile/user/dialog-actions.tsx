import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ActionsProps } from '@/features/account/components/account-dialogs';

/** DialogActions are a phone sheet form's buttons: cancel and submit, full width. */
export function DialogActions(p: ActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="up-mform__actions up-msheet-actions">
      <Button block size="large" onClick={p.onCancel}>
        {p.cancelLabel ?? t('dialog.cancel')}
      </Button>
      <Button block size="large" type="submit" color={p.danger ? 'danger' : 'primary'} loading={p.pending} disabled={p.disabled} data-testid="dialog-submit">
        {p.submitLabel}
      </Button>
    </div>
  );
}
