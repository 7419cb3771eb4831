import type { ThemeConfig } from 'antd';

/** Primary blue of the portal; the navigation bar and links use it. */
export const PORTAL_BLUE = '#1f5fbf';

/** An official government-portal look: sober blue, white panels on light grey, small radii. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: PORTAL_BLUE,
    colorLink: PORTAL_BLUE,
    colorBgLayout: '#f2f4f7',
    colorTextBase: '#1f2329',
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
