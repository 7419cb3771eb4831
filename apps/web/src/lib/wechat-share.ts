import { WECHAT_JS_SDK_URLS, WECHAT_SHARE_APIS } from '@portal/shared/constants/wechat';
import type { WechatJsConfig } from '@portal/shared/schemas/site';

/*
 * The share card inside WeChat (docs/product/page-meta.md, "Share card inside WeChat"). Only in
 * WeChat's browser and only when the server has an Official Account: the JS-SDK script is
 * loaded once, `wx.config` gets the server's signature for the page, and the card (title,
 * description, picture, link) is set on `wx.ready`, on every navigation and whenever the page
 * renames itself.
 */

/** What the share card says; WeChat's field names. */
export interface ShareCard {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

/** The part of WeChat's `wx` object the share card uses. */
export interface WxSdk {
  config(options: WechatJsConfig & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg?: string }) => void): void;
  updateAppMessageShareData(card: ShareCard): void;
  updateTimelineShareData(card: Omit<ShareCard, 'desc'>): void;
}

declare global {
  interface Window {
    wx?: WxSdk;
  }
}

/** The page runs in WeChat's own browser. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * WeChat on iOS checks the signature against the address the page was opened with, WeChat on
 * Android against the current one; so on Android each new address is signed again.
 */
export function signsEntryAddress(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/** An address without its `#fragment`, as WeChat signs it. */
export function withoutFragment(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

let sdk: Promise<WxSdk> | null = null;

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`WeChat JS-SDK did not load from ${src}`));
    };
    document.head.append(script);
  });
}

/** Loads the JS-SDK once (from the backup host when the first fails); resolves with `wx`. */
export function loadWechatSdk(): Promise<WxSdk> {
  sdk ??= (async () => {
    const [first, backup] = WECHAT_JS_SDK_URLS;
    await loadScript(first).catch(() => loadScript(backup));
    if (!window.wx) throw new Error('WeChat JS-SDK loaded without wx');
    return window.wx;
  })().catch((error: unknown) => {
    sdk = null;
    throw error;
  });
  return sdk;
}

/** The site-wide description and logo, for pages the server did not write the head of. */
export interface SiteShareDefaults {
  description: string;
  logo: string;
}

function metaContent(selector: string): string {
  return document.head.querySelector<HTMLMetaElement>(selector)?.content.trim() ?? '';
}

function absolute(address: string, base: string): string {
  if (!address) return '';
  try {
    return new URL(address, base).href;
  } catch {
    return '';
  }
}

/**
 * The card of the page now shown. The title is the document's (the app keeps it current). The
 * description, picture and canonical address in the head were written by the server for the
 * address the page was opened with (`entryHref`): they are used while the page is still there;
 * after navigating in the app the card takes the site's description and logo and the current
 * address.
 */
export function currentShareCard(entryHref: string, defaults?: SiteShareDefaults): ShareCard {
  const href = withoutFragment(window.location.href);
  const atEntry = href === withoutFragment(entryHref);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const headDescription = atEntry ? metaContent('meta[name="description"]') : '';
  const headImage = atEntry ? metaContent('meta[property="og:image"]') : '';
  return {
    title: document.title,
    desc: headDescription || defaults?.description || '',
    link: (atEntry && canonical?.href) || href,
    imgUrl: absolute(headImage || defaults?.logo || '', href),
  };
}

export interface WechatShareOptions {
  wx: WxSdk;
  /** Asks the server for the signature of a page address (`GET /api/wechat/js-config`). */
  fetchConfig: (url: string) => Promise<WechatJsConfig>;
  /** The card of the page now shown. */
  card: () => ShareCard;
  /** Sign only the entry address (WeChat on iOS). */
  entryOnly: boolean;
}

/** One page's share card set-up: configures `wx` and keeps its card current. */
export class WechatShare {
  private signed: string | null = null;
  private ready = false;
  /** The card last given to WeChat, so that an unchanged card is not set again. */
  private last = '';
  private readonly options: WechatShareOptions;

  constructor(options: WechatShareOptions) {
    this.options = options;
  }

  /** Configures `wx` for the address; the card is set once WeChat has checked the signature. */
  async configure(href: string): Promise<void> {
    const url = withoutFragment(href);
    const { wx, fetchConfig } = this.options;
    const config = await fetchConfig(url);
    this.signed = url;
    this.ready = false;
    this.last = '';
    wx.config({ ...config, debug: false, jsApiList: [...WECHAT_SHARE_APIS] });
    wx.ready(() => {
      this.ready = true;
      this.update();
    });
  }

  /** After a navigation: sign the new address where WeChat wants that, else update the card. */
  async navigated(href: string): Promise<void> {
    const url = withoutFragment(href);
    if (this.signed !== null && !this.options.entryOnly && url !== this.signed) {
      await this.configure(url);
      return;
    }
    this.update();
  }

  /** Sets both cards (chat and 朋友圈) from the page now shown, once `wx` is ready. */
  update(): void {
    if (!this.ready) return;
    const card = this.options.card();
    const key = JSON.stringify(card);
    if (key === this.last) return;
    this.last = key;
    this.options.wx.updateAppMessageShareData(card);
    this.options.wx.updateTimelineShareData({
      title: card.title,
      link: card.link,
      imgUrl: card.imgUrl,
    });
  }
}
