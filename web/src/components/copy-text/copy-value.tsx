// What both sizes' copy texts (CopyText, MCopyText) show and do, with no widget library: the
// value (by its ends when keep shortens it, data-full the whole), and the copy button's label,
// test id and click that copies the whole value without opening the row it sits in.
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/lib/use-copy';
import { shorten } from './shorten';

export interface CopyTextProps {
  text: string;
  /** keep shortens the value on screen to its first and last keep characters. */
  keep?: number;
  /** testId names the value (data-full holds the whole of it); the button is testId-copy. */
  testId?: string;
}

/** CopyButton is what a size needs to draw the copy button. */
export interface CopyButton {
  label: string;
  testId: string | undefined;
  onClick: (e: MouseEvent) => void;
}

/** CopyValue shows text and the size's copy button; titled puts the whole of a shortened value in a tooltip. */
export function CopyValue({ text, keep, testId, className, titled, button }: CopyTextProps & { className: string; titled: boolean; button: (b: CopyButton) => ReactNode }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const shown = shorten(text, keep);
  return (
    <span className={className} title={titled && shown !== text ? text : undefined}>
      <span className={`up-copy-text__value${shown === text ? '' : ' up-copy-text__value--short'}`} data-testid={testId} data-full={text}>
        {shown}
      </span>
      {button({
        label: t('common.copy'),
        testId: testId ? `${testId}-copy` : undefined,
        onClick: (e) => {
          e.stopPropagation();
          void copy(text);
        },
      })}
    </span>
  );
}
