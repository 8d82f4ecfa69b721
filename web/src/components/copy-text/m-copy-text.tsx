// MCopyText (phone, antd-mobile): an address, hash or ID with a copy button, on one line
// inside a list row (a tap on the button copies and does not open the row); keep shows a
// long value by its ends, and the copy is always the whole value.
import { Button } from 'antd-mobile';
import { CopyValue, type CopyTextProps } from './copy-value';
import './copy-text.css';

/** MCopyText shows text with a small copy button that says whether the copy worked. */
export function MCopyText(props: CopyTextProps) {
  return (
    <CopyValue
      {...props}
      className="up-copy-text up-copy-text--phone"
      titled={false}
      button={(b) => (
        <Button size="mini" fill="outline" data-testid={b.testId} onClick={b.onClick}>
          {b.label}
        </Button>
      )}
    />
  );
}
