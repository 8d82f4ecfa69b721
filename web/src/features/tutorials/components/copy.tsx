import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '@/lib/use-copy';
import { TUTORIAL_NS } from './texts';
import { CheckIcon, CopyIcon } from './icons';

/** CopyButton copies value and says so with the app's copy-success or copy-failed message. */
export function CopyButton({ value, what, tone = 'light', testId }: { value: string; what: string; tone?: 'light' | 'dark'; testId?: string }) {
  const { t } = useTranslation();
  const { t: tt } = useTranslation(TUTORIAL_NS);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copyValue = useCopy();
  const copy = async () => {
    if (!(await copyValue(value))) return;
    setDone(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDone(false), 1800);
  };
  return (
    <button
      type="button"
      className={`up-tut-copy up-tut-copy--${tone}${done ? ' is-done' : ''}`}
      onClick={() => void copy()}
      aria-label={tt('copy.label', { what })}
      title={t('common.copy')}
      data-testid={testId}
    >
      {done ? <CheckIcon /> : <CopyIcon />}
      <span className="up-tut-copy__text">{done ? t('common.copied') : t('common.copy')}</span>
    </button>
  );
}

/** CopyField is a labelled value with a copy button. */
export function CopyField({ label, value, testId, wrap = false }: { label: string; value: string; testId?: string; wrap?: boolean }) {
  return (
    <div className="up-tut-field">
      <span className="up-tut-field__label">{label}</span>
      <div className="up-tut-field__row">
        <code className={`up-tut-field__value${wrap ? ' is-wrap' : ''}`} data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} what={label} testId={testId ? `${testId}-copy` : undefined} />
      </div>
    </div>
  );
}

/** CodeBlock is a command or address on a dark panel, with a copy button. */
export function CodeBlock({ code, label, testId }: { code: string; label?: string; testId?: string }) {
  const { t } = useTranslation(TUTORIAL_NS);
  return (
    <figure className="up-tut-codeblock">
      {label ? <figcaption className="up-tut-codeblock__label">{label}</figcaption> : null}
      <div className="up-tut-codeblock__body">
        <pre data-testid={testId}>
          <code>{code}</code>
        </pre>
        <CopyButton value={code} what={label ?? t('copy.command')} tone="dark" />
      </div>
    </figure>
  );
}
