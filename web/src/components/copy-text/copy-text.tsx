// CopyText (desktop, antd): an address, hash or ID with a copy button; keep shows a long
// value by its ends (the whole of it in a tooltip), and the copy is always the whole value.
import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/lib/use-copy';
import { shorten } from './shorten';
import './copy-text.css';

export interface CopyTextProps {
  text: string;
  /** keep shortens the value on screen to its first and last keep characters. */
  keep?: number;
  /** testId names the value (data-full holds the whole of it); the button is testId-copy. */
  testId?: string;
}

/** CopyText shows text with a copy button that says whether the copy worked. */
export function CopyText({ text, keep, testId }: CopyTextProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  const shown = shorten(text, keep);
  return (
    <span className="up-copy-text" title={shown === text ? undefined : text}>
      <span className={`up-copy-text__value${shown === text ? '' : ' up-copy-text__value--short'}`} data-testid={testId} data-full={text}>
        {shown}
      </span>
      <Button
        type="link"
        size="small"
        icon={<CopyOutlined />}
        aria-label={t('common.copy')}
        data-testid={testId ? `${testId}-copy` : undefined}
        onClick={(e) => {
          e.stopPropagation();
          void copy(text);
        }}
      />
    </span>
  );
}
