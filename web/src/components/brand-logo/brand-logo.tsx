import { useTranslation } from 'react-i18next';

/** BrandLogo is the mark and the wordmark; `tone` picks the text colour for dark or light ground. */
export function BrandLogo({ tone = 'dark-ground', compact = false }: { tone?: 'dark-ground' | 'light-ground'; compact?: boolean }) {
  const { t } = useTranslation();
  const text = tone === 'dark-ground' ? '#FFFFFF' : 'var(--up-text)';
  return (
    <span className="up-logo" style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={compact ? 26 : 30} height={compact ? 26 : 30} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--up-brand)" />
        <path
          d="M9 8v9.5a7 7 0 0 0 14 0V8"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M16 11v8M12 15h8" stroke="#0B1220" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span style={{ color: text, fontWeight: 700, fontSize: compact ? 16 : 18, letterSpacing: '-0.01em' }}>
        {t('app.name')}
      </span>
    </span>
  );
}
