import { Form } from 'antd-mobile';
import type { FormItemProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import type { CodeButton } from '@/features/auth/hooks/use-code-button';
import { LIMITS, codeInput } from '@/lib/validation';
import { FieldInput } from './field-input';

/** MobileCodeField is a phone form's emailed or texted code: the input with its "get code" button inside the row. */
export function MobileCodeField({ name = 'code', rule, code, buttonTestId }: { name?: string; rule: NonNullable<FormItemProps['rules']>[number]; code: CodeButton; buttonTestId?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('auth.code')} rules={[rule]} normalize={codeInput}>
      <FieldInput after={<MobileCodeButton code={code} testId={buttonTestId} />} maxLength={LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
    </Form.Item>
  );
}
