import { Form, Input } from 'antd-mobile';
import type { PasswordFieldProps } from '@/features/auth/components/desktop-password-field';

/** MobilePasswordField is a phone form's password input with its label, rules and hint (autoFocus: the sheet focuses it on opening). */
export function MobilePasswordField({ name, label, rules, fresh, maxLength, placeholder, hint, dependencies, autoFocus, testId }: PasswordFieldProps) {
  return (
    <Form.Item name={name} label={label} rules={rules as never} description={hint} dependencies={dependencies}>
      <Input type="password" autoComplete={fresh ? 'new-password' : 'current-password'} maxLength={maxLength} placeholder={placeholder} data-testid={testId} data-autofocus={autoFocus || undefined} />
    </Form.Item>
  );
}
