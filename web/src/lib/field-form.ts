// What form glue needs of a form, for antd and antd-mobile alike.
import { errorMessage } from './api-client';

/**
 * FieldForm is what the glue needs of a form: antd's and antd-mobile's form instances
 * (both rc-field-form) have these.
 */
export interface FieldForm {
  setFields(fields: Array<{ name: string; errors: string[] }>): void;
  setFieldsValue(values: Record<string, unknown>): void;
  resetFields(): void;
  getFieldValue(name: string): unknown;
  validateFields(names: string[]): Promise<unknown>;
}

/**
 * UseForm is the size's form hook (antd's or antd-mobile's Form.useForm): a dialog's glue
 * makes its form with it, so each layout only names its library's hook.
 */
export type UseForm<F extends FieldForm> = () => [F];

/** errorsOf gives a failed call's message as a field's errors. */
export const errorsOf = (err: unknown): string[] => {
  const message = errorMessage(err);
  return message ? [message] : [];
};
