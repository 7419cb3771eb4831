import type { ThemeConfig } from 'antd';

/** Primary blue of the portal; the navigation bar and links use it (6.1:1 on white). */
export const PORTAL_BLUE = '#1f5fbf';

/**
 * Text colours of the theme, each at least 4.5:1 on white and on the page grey, so every
 * antd component (hints, breadcrumbs, placeholders, error messages, step titles) stays legible
 * (WCAG 2.1 AA). antd derives its defaults by transparency, which gave hints 2.7:1.
 */
export const TEXT_COLOURS = {
  secondary: '#5c6370',
  tertiary: '#646a73',
  placeholder: '#6b7280',
  error: '#d4292c',
} as const;

/** An official government-portal look: sober blue, white panels on light grey, small radii. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: PORTAL_BLUE,
    colorLink: PORTAL_BLUE,
    colorBgLayout: '#f2f4f7',
    colorTextBase: '#1f2329',
    colorTextSecondary: TEXT_COLOURS.secondary,
    colorTextTertiary: TEXT_COLOURS.tertiary,
    colorTextDescription: TEXT_COLOURS.tertiary,
    colorTextPlaceholder: TEXT_COLOURS.placeholder,
    colorError: TEXT_COLOURS.error,
    borderRadius: 4,
    fontSize: 14,
    fontFamily:
      "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Button: { controlHeight: 34 },
    Input: { controlHeight: 34 },
    Select: { controlHeight: 34 },
  },
};

/**
 * The same theme on phones: controls 44 px high, the smallest comfortable touch target, and
 * inputs at 16 px so that phone browsers do not zoom the page when one is focused.
 */
export const portalPhoneTheme: ThemeConfig = {
  token: { ...portalTheme.token, controlHeight: 44, controlHeightLG: 48 },
  components: {
    Button: { controlHeight: 44 },
    Input: { controlHeight: 44, inputFontSize: 16 },
    InputNumber: { controlHeight: 44, inputFontSize: 16 },
    Select: { controlHeight: 44, fontSize: 16 },
    DatePicker: { controlHeight: 44, inputFontSize: 16 },
  },
};
