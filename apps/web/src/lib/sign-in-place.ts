import { PHONE_QUERY, useMediaQuery } from './use-media-query';
import { isWechatBrowser } from './wechat-share';

/** Where a sign-in or verification is shown: inside WeChat, on another phone browser, or a computer. */
export type SignInPlace = 'wechat' | 'phone' | 'desktop';

/**
 * The place, for what cannot be done there: a phone cannot scan a QR on its own screen, and
 * only WeChat's browser can use WeChat's web authorisation
 * (docs/decisions/0053-wechat-web-authorisation.md).
 */
export function useSignInPlace(): SignInPlace {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (isWechatBrowser(agent)) return 'wechat';
  return isPhone ? 'phone' : 'desktop';
}
