import { Selector } from 'antd-mobile';

/**
 * OneOf is an antd-mobile Selector for one value, as a form field: Form.Item gives it the
 * field's value and onChange, and a Selector works on arrays.
 */
export function OneOf<V extends string | number>({ value, onChange, options, columns, testId }: { value?: V; onChange?: (v: V) => void; options: { value: V; label: string; description?: string; disabled?: boolean }[]; columns?: number; testId?: string }) {
  return <Selector<V> columns={columns} options={options} value={value === undefined || value === null ? [] : [value]} onChange={(v) => v[0] !== undefined && onChange?.(v[0])} data-testid={testId} />;
}
