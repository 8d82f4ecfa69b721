// CopyText (desktop, antd): an address, hash or ID with a copy button; keep shows a long
// value by its ends (the whole of it in a tooltip), and the copy is always the whole value.
import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { CopyValue, type CopyTextProps } from './copy-value';
import './copy-text.css';

export type { CopyTextProps } from './copy-value';

/** CopyText shows text with a copy button that says whether the copy worked. */
export function CopyText(props: CopyTextProps) {
  return (
    <CopyValue
      {...props}
      className="up-copy-text"
      titled
      button={(b) => <Button type="link" size="small" icon={<CopyOutlined />} aria-label={b.label} data-testid={b.testId} onClick={b.onClick} />}
    />
  );
}
