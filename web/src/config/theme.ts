// The one set of design tokens. antd (desktop) reads them through ConfigProvider,
// antd-mobile and our own CSS through the CSS variables written from them.

/** tokens are the brand's colours, radii, spacing and type. */
export const tokens = {
  brand: '#0E9F6E',
  brandHover: '#0B8A5F',
  brandActive: '#057A55',
  brandSoft: '#E6F6EF',
  brandOnDark: '#31C48D',
  ink: '#0B1220',
  inkRaised: '#141D2F',
  inkBorder: '#1F2A40',
  onInk: '#E5E9F0',
  onInkMuted: '#9AA4B5',
  text: '#111827',
  textMuted: '#4B5563',
  textSubtle: '#6B7280',
  border: '#E3E7ED',
  page: '#F4F6F8',
  surface: '#FFFFFF',
  warning: '#D97706',
  danger: '#DC2626',
  radius: 8,
  radiusLarge: 14,
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  mobileNavHeight: 54,
  font:
    '"Inter", "Segoe UI", system-ui, -apple-system, "PingFang SC", "PingFang HK", "Hiragino Sans GB", "Microsoft YaHei", "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK SC", "Noto Sans KR", sans-serif',
  fontMono: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
} as const;

/** cssVariables gives the CSS custom properties for our styles and antd-mobile's. */
export function cssVariables(): Record<string, string> {
  const t = tokens;
  return {
    '--up-brand': t.brand,
    '--up-brand-hover': t.brandHover,
    '--up-brand-active': t.brandActive,
    '--up-brand-soft': t.brandSoft,
    '--up-brand-on-dark': t.brandOnDark,
    '--up-ink': t.ink,
    '--up-ink-raised': t.inkRaised,
    '--up-ink-border': t.inkBorder,
    '--up-on-ink': t.onInk,
    '--up-on-ink-muted': t.onInkMuted,
    '--up-text': t.text,
    '--up-text-muted': t.textMuted,
    '--up-text-subtle': t.textSubtle,
    '--up-border': t.border,
    '--up-page': t.page,
    '--up-surface': t.surface,
    '--up-warning': t.warning,
    '--up-danger': t.danger,
    '--up-radius': `${t.radius}px`,
    '--up-radius-lg': `${t.radiusLarge}px`,
    '--up-space-1': `${t.space[1]}px`,
    '--up-space-2': `${t.space[2]}px`,
    '--up-space-3': `${t.space[3]}px`,
    '--up-space-4': `${t.space[4]}px`,
    '--up-space-5': `${t.space[5]}px`,
    '--up-space-6': `${t.space[6]}px`,
    '--up-space-7': `${t.space[7]}px`,
    '--up-space-8': `${t.space[8]}px`,
    '--up-mobile-nav-height': `${t.mobileNavHeight}px`,
    '--up-font': t.font,
    '--up-font-mono': t.fontMono,
    // antd-mobile reads these.
    '--adm-color-primary': t.brand,
    '--adm-color-success': t.brand,
    '--adm-color-warning': t.warning,
    '--adm-color-danger': t.danger,
    '--adm-color-text': t.text,
    '--adm-color-text-secondary': t.textMuted,
    '--adm-color-weak': t.textSubtle,
    '--adm-color-border': t.border,
    '--adm-color-box': t.page,
    '--adm-color-background': t.surface,
    '--adm-font-family': t.font,
    '--adm-radius-s': `${t.radius / 2}px`,
    '--adm-radius-m': `${t.radius}px`,
    '--adm-radius-l': `${t.radiusLarge}px`,
  };
}

/** applyCssVariables writes the variables on <html>. */
export function applyCssVariables(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(cssVariables())) root.style.setProperty(name, value);
}
