// MCopyText (phone, antd-mobile): an address, hash or ID with a copy button, on one line
// inside a list row (a tap on the button copies and does not open the row); keep shows a
// long value by its ends, and the copy is always the whole value.
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/lib/use-copy';
import type { CopyTextProps } from './copy-text';
import { shorten } from './shorten';
import './copy-text.css';

/** MCopyText shows text with a small copy button that says whether the copy worked. */
export function MCopyText({ text, keep, testId }: CopyTextProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  const shown = shorten(text, keep);
  return (
    <span className="up-copy-text up-copy-text--phone">
      <span className={`up-copy-text__value${shown === text ? '' : ' up-copy-text__value--short'}`} data-testid={testId} data-full={text}>
        {shown}
      </span>
      <Button
        size="mini"
        fill="outline"
        data-testid={testId ? `${testId}-copy` : undefined}
        onClick={(e) => {
          e.stopPropagation();
          void copy(text);
        }}
      >
        {t('common.copy')}
      </Button>
    </span>
  );
}
