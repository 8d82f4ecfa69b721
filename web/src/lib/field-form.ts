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

/** errorsOf gives a failed call's message as a field's errors. */
export const errorsOf = (err: unknown): string[] => {
  const message = errorMessage(err);
  return message ? [message] : [];
};
