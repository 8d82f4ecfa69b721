import './setting-chips.css';

/** Chip is one named setting with its value ("Core clock +100 MHz"). */
export interface Chip {
  key: string;
  label: string;
  value: string;
}

/**
 * SettingChips lists a template's or a device's overclock settings as chips. Plain markup,
 * so every page and size shares it: the chips' look is setting-chips.css, the page's own
 * classes add its spacing.
 */
export function SettingChips({ chips, className, chipClassName }: { chips: Chip[]; className: string; chipClassName: string }) {
  return (
    <div className={`up-chips ${className}`}>
      {chips.map((c) => (
        <span key={c.key} className={`up-chip ${chipClassName}`}>
          {c.label} <strong>{c.value}</strong>
        </span>
      ))}
    </div>
  );
}
