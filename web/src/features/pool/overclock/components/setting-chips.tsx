/** Chip is one named setting with its value ("Core clock +100 MHz"). */
export interface Chip {
  key: string;
  label: string;
  value: string;
}

/**
 * SettingChips lists a template's or a device's overclock settings as chips. Plain markup,
 * so every page and size shares it and styles it with its own classes.
 */
export function SettingChips({ chips, className, chipClassName }: { chips: Chip[]; className: string; chipClassName: string }) {
  return (
    <div className={className}>
      {chips.map((c) => (
        <span key={c.key} className={chipClassName}>
          {c.label} <strong>{c.value}</strong>
        </span>
      ))}
    </div>
  );
}
