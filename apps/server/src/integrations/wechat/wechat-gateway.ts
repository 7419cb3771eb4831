/**
 * WeChat QR sign-in (docs/operations.md, "WeChat sign-in"). The site shows a QR for one of our
 * tickets and polls it; the gateway makes what the QR encodes. The simulator encodes its own
 * confirm page; the Official Account adapter encodes a temporary parametric QR of the account,
 * whose scan WeChat reports to our signature-checked callback.
 */
export interface WechatLoginGateway {
  readonly name: string;
  readonly simulated: boolean;
  /**
   * The text the QR encodes for `ticket`, valid `ttlSeconds`. `origin` is the site origin the
   * browser used (the simulator's confirm page lives there).
   */
  qrContentFor(input: { ticket: string; ttlSeconds: number; origin: string }): Promise<string>;
}

/** How long one call to WeChat may take (ms). */
export const WECHAT_TIMEOUT_MS = 5_000;
