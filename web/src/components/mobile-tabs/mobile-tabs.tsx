import { useRef, type KeyboardEvent } from 'react';
import './mobile-tabs.css';

/** MobileTab is one tab: its key and label. */
export interface MobileTab<K extends string> {
  key: K;
  label: string;
}

/**
 * MobileTabs is a full-width tab bar for the /mobile tree made of real
 * buttons (antd-mobile's tabs cannot be reached by keyboard): arrow keys move
 * between tabs, as in the ARIA tabs pattern.
 */
export function MobileTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  testId,
}: {
  tabs: MobileTab<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  testId?: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    onChange(tabs[next]!.key);
  };
  return (
    <div className="up-mtabs" role="tablist" aria-label={label} data-testid={testId}>
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={`up-mtabs__tab${tab.key === active ? ' up-mtabs__tab--active' : ''}`}
          onClick={() => onChange(tab.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
