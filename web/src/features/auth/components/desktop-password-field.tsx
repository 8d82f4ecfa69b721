import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

/** PasswordFieldProps describe a password input of a form, the same on both sizes. */
export interface PasswordFieldProps {
  name: string;
  label: string;
  rules: Rule[];
  /** fresh: a new password (the browser offers to make one), else the current one. */
  fresh?: boolean;
  maxLength: number;
  placeholder?: string;
  hint?: string;
  dependencies?: string[];
  autoFocus?: boolean;
  testId?: string;
}

/** DesktopPasswordField is a desktop form's password input with its label, rules and hint. */
export function DesktopPasswordField({ name, label, rules, fresh, maxLength, placeholder, hint, dependencies, autoFocus, testId, size, validateDebounce }: PasswordFieldProps & { size?: 'large'; validateDebounce?: number }) {
  return (
    <Form.Item name={name} label={label} rules={rules} extra={hint} dependencies={dependencies} validateDebounce={validateDebounce}>
      <Input.Password size={size} autoFocus={autoFocus} autoComplete={fresh ? 'new-password' : 'current-password'} maxLength={maxLength} placeholder={placeholder} data-testid={testId} />
    </Form.Item>
  );
}
