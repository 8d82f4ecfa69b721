import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LIMITS, codeInput } from '@/lib/validation';
import type { CodeButton } from '../hooks/use-code-button';
import { DesktopCodeButton } from './desktop-code-button';

/**
 * DesktopCodeField is a desktop form's emailed or texted code: the input with its "get code"
 * button beside it. id is the input's id (the form's name and the field's, joined by "_").
 */
export function DesktopCodeField({ id, name = 'code', rule, code, size, buttonTestId }: {
  id: string;
  name?: string;
  rule: Rule;
  code: CodeButton;
  size?: 'large';
  buttonTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.code')} htmlFor={id} required>
      <div className="up-code-row">
        <Form.Item name={name} noStyle rules={[rule]} normalize={codeInput}>
          <Input size={size} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
        </Form.Item>
        <DesktopCodeButton code={code} size={size} testId={buttonTestId} />
      </div>
    </Form.Item>
  );
}
