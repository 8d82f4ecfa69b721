import { useCopy } from '@/lib/use-copy';
import './overclock-mobile.css';

/** MobileCopyButton copies text with a tap and says whether it worked. */
export function MobileCopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const copy = useCopy();
  return (
    <button type="button" className="up-mcopy" onClick={() => void copy(text)} aria-label={label} data-testid={testId}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
