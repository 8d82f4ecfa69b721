import type { ThemeConfig } from 'antd';
import { tokens } from '@/config/theme';

/** antdTheme is the desktop theme, built from the shared tokens. */
export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: tokens.brand,
    colorInfo: tokens.brand,
    colorSuccess: tokens.brand,
    colorWarning: tokens.warning,
    colorError: tokens.danger,
    colorLink: tokens.brand,
    colorLinkHover: tokens.brandHover,
    colorLinkActive: tokens.brandActive,
    colorText: tokens.text,
    colorTextSecondary: tokens.textMuted,
    colorBorder: tokens.border,
    colorBgLayout: tokens.page,
    borderRadius: tokens.radius,
    borderRadiusLG: tokens.radiusLarge,
    fontFamily: tokens.font,
    fontSize: 14,
    controlHeight: 36,
  },
  components: {
    Layout: {
      headerBg: tokens.ink,
      headerHeight: 64,
      headerPadding: '0 32px',
      footerBg: tokens.ink,
      bodyBg: tokens.page,
    },
    Menu: {
      darkItemBg: tokens.ink,
      darkPopupBg: tokens.inkRaised,
      darkItemColor: tokens.onInkMuted,
      darkItemHoverColor: '#FFFFFF',
      darkItemSelectedBg: 'transparent',
      darkItemSelectedColor: tokens.brandOnDark,
      horizontalItemSelectedColor: tokens.brandOnDark,
      itemHeight: 64,
    },
    Button: {
      fontWeight: 600,
    },
  },
};
