import { LockOutlined } from '@ant-design/icons';
import { Alert, Modal, Tabs } from 'antd';
import { useState } from 'react';
import type { CalcVariant, CoinRow, LegalTender } from '@/features/dashboard/model/types';
import { useDashboardTexts } from '@/features/dashboard/texts';
import { CalcPanel } from './calc-panel';
import { CoinAvatar } from './coin-avatar';

/** CalcDialog is a coin's calculator in a dialog, basic or full (with electricity). */
export default function CalcDialog({ row, legalTender, onClose }: { row: CoinRow; legalTender: LegalTender; onClose: () => void }) {
  const { t } = useDashboardTexts();
  const [variant, setVariant] = useState<CalcVariant>('basic');
  const variants: CalcVariant[] = ['basic', 'full'];
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      className="up-calc-dialog"
      title={
        <span className="up-calc-dialog__title">
          <CoinAvatar row={row} size={28} />
          {t('calc.dialogTitle', { coin: row.chainTypeName || row.currencyType })}
        </span>
      }
    >
      <div data-testid="calc-dialog" data-coin={row.currencyType}>
        {!row.openStatus ? (
          <Alert
            className="up-calc-dialog__closed"
            type="warning"
            showIcon
            icon={<LockOutlined />}
            message={t('calc.closed', { msg: row.closedMsg || t('closed') })}
            data-testid="calc-closed"
          />
        ) : null}
        <Tabs
          activeKey={variant}
          onChange={(k) => setVariant(k as CalcVariant)}
          items={variants.map((v) => ({
            key: v,
            label: <span data-testid={`calc-tab-${v}`}>{t(v === 'basic' ? 'calc.basic' : 'calc.full')}</span>,
          }))}
        />
        {/* One form under both tabs: the shared fields keep what was typed when switching. */}
        <CalcPanel row={row} legalTender={legalTender} variant={variant} />
      </div>
    </Modal>
  );
}
