import type { SiteSettings, WechatJsConfig } from '@portal/shared/schemas/site';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { apiGet } from './api-client';
import { publicServicesQueryOptions } from './public-services';
import {
  currentShareCard,
  isWechatBrowser,
  loadWechatSdk,
  signsEntryAddress,
  WechatShare,
} from './wechat-share';

/** Asks the server to sign a page address for `wx.config`. */
export function fetchWechatJsConfig(url: string): Promise<WechatJsConfig> {
  return apiGet<WechatJsConfig>('/api/wechat/js-config', { url });
}

/**
 * The public layout's part of the WeChat share card (lib/wechat-share.ts). Outside WeChat, or
 * when the server reports no Official Account, it does nothing: no request, no script.
 */
export function useWechatShare(settings: SiteSettings | undefined): void {
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const inWechat = isWechatBrowser(userAgent);
  const { data: services } = useQuery({ ...publicServicesQueryOptions(), enabled: inWechat });
  const enabled = inWechat && services?.wechatShare === true;
  const { pathname, search } = useLocation();
  const entryHref = useRef(typeof window === 'undefined' ? '' : window.location.href);
  const share = useRef<WechatShare | null>(null);
  const defaults = useRef(settings);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let observer: MutationObserver | null = null;
    const entryOnly = signsEntryAddress(userAgent);
    void (async () => {
      const wx = await loadWechatSdk();
      if (cancelled) return;
      const controller = new WechatShare({
        wx,
        fetchConfig: fetchWechatJsConfig,
        card: () => currentShareCard(entryHref.current, defaults.current),
        entryOnly,
      });
      await controller.configure(entryOnly ? entryHref.current : window.location.href);
      if (cancelled) return;
      share.current = controller;
      // Record pages rename themselves once their record has loaded.
      const title = document.head.querySelector('title');
      if (title) {
        observer = new MutationObserver(() => controller.update());
        observer.observe(title, { childList: true, characterData: true, subtree: true });
      }
    })().catch(() => {
      // Without the SDK or a signature WeChat shows its own card from the page's head.
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      share.current = null;
    };
  }, [enabled, userAgent]);

  useEffect(() => {
    void share.current?.navigated(window.location.href).catch(() => undefined);
  }, [pathname, search]);

  useEffect(() => {
    defaults.current = settings;
    share.current?.update();
  }, [settings]);
}
