/**
 * The WeChat JS-SDK script (version 1.6.0), from WeChat's CDN and its documented backup host.
 * The web app loads the first and falls back to the second; the server's content security
 * policy allows exactly these two files when an Official Account is configured.
 */
export const WECHAT_JS_SDK_URLS = [
  'https://res.wx.qq.com/open/js/jweixin-1.6.0.js',
  'https://res2.wx.qq.com/open/js/jweixin-1.6.0.js',
] as const;

/** The JS-SDK interfaces the share card uses (WeChat 6.7.2 and later). */
export const WECHAT_SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'] as const;
