/** Site-wide constants that are not served by the API. */

/**
 * The external tourism page of the top navigation (opens in a new tab). Set `VITE_TOURISM_URL`
 * at build time to point it elsewhere.
 */
export const TOURISM_URL: string = import.meta.env.VITE_TOURISM_URL ?? 'https://www.qhd.gov.cn/';

/** Label of the tourism item in the top navigation. */
export const TOURISM_LABEL = '滨海旅游';

/** Shown until the site settings arrive, or when they cannot be loaded. */
export const DEFAULT_SITE_TITLE = '房地产交易服务平台';
