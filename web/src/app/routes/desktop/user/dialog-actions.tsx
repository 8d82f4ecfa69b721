import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionsProps } from '@/features/account/components/account-dialogs';

/** DialogActions are a desktop dialog form's buttons: cancel and submit. */
export function DialogActions(p: ActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="up-dialog-actions">
      <Button onClick={p.onCancel}>{p.cancelLabel ?? t('dialog.cancel')}</Button>
      <Button type="primary" danger={p.danger} htmlType="submit" loading={p.pending} disabled={p.disabled} data-testid="dialog-submit">
        {p.submitLabel}
      </Button>
    </div>
  );
}
