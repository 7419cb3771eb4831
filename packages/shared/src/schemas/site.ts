import { z } from 'zod';

/** The one site-settings record (docs/product/content.md): page title, meta tags and footer. */
export const siteSettingsSchema = z.object({
  title: z.string(),
  logo: z.string(),
  keywords: z.string(),
  description: z.string(),
  icp: z.string(),
  copyright: z.string(),
  website: z.string(),
  /** The city the site serves (秦皇岛市): page titles read 「…-<city><title>」. */
  cityName: z.string(),
  /** The operating authority's full name (主办单位). */
  authority: z.string(),
  /** Where the ICP number is verified. */
  icpLink: z.string(),
  /** 公安备案 number and where it is verified. */
  psbNumber: z.string(),
  psbLink: z.string(),
  /** Service hotline. */
  hotline: z.string(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * What the web app needs to know of the configured outside services: the site's public origin
 * (QR codes open it on a phone), the mini-program link, and the map tiles with their 审图号.
 */
export const publicServicesSchema = z.object({
  siteOrigin: z.string(),
  /** The WeChat mini-program's URL Link; null = QR codes open the site itself. */
  miniProgramUrl: z.string().nullable(),
  map: z.object({
    /** `offline` draws the district base map, `tianditu` the 天地图 vector tiles. */
    provider: z.enum(['tianditu', 'offline']),
    /** The browser key of the tile service (sent with each tile request). */
    key: z.string().nullable(),
    /** 审图号 shown with the attribution. */
    reviewNumber: z.string().nullable(),
  }),
  /**
   * The WeChat JS-SDK share card is on (an Official Account app id is configured): inside
   * WeChat the pages ask `GET /api/wechat/js-config` for a signature and set the share card.
   */
  wechatShare: z.boolean(),
  /** Share of visits (0–1) whose LCP, INP and CLS the page reports to `/api/telemetry/web-vitals`. */
  webVitalsSampleRate: z.number().min(0).max(1),
});

export type PublicServices = z.infer<typeof publicServicesSchema>;

/** The longest site path a 掌上服务 QR encodes (a page with its query). */
export const SITE_QR_PATH_MAX = 300;

/**
 * `GET /api/site/qr.svg`: the site page a phone opens from the code — a path on this site
 * (`/houseHome?id=1`), never another host.
 */
export const siteQrQuerySchema = z.object({
  path: z
    .string({ error: '请提供页面地址' })
    .max(SITE_QR_PATH_MAX, `页面地址不能超过${SITE_QR_PATH_MAX}个字符`)
    .regex(/^\/(?![/\\])[^\s\p{Cc}]*$/u, '页面地址须为本站以 / 开头的路径'),
});

/** `GET /api/wechat/js-config`: what `wx.config` needs for one page address. */
export const wechatJsConfigSchema = z.object({
  appId: z.string(),
  /** Seconds since 1970, as WeChat signs it. */
  timestamp: z.number().int(),
  nonceStr: z.string(),
  /** sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (hex). */
  signature: z.string(),
});

export type WechatJsConfig = z.infer<typeof wechatJsConfigSchema>;
