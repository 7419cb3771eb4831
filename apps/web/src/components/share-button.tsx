import { ShareAltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Deferred, lazyNamed } from '../lib/deferred';
import { notifyError, notifySuccess } from '../lib/notify';
import { usePublicServices } from '../lib/public-services';
import { isWechatBrowser, withoutFragment } from '../lib/wechat-share';

/*
 * 分享 on project and listing pages (docs/product/page-meta.md, "Share button"): inside WeChat
 * with the Official Account configured, the page's share card is already set (lib/wechat-share.ts)
 * and WeChat only shares from its own ··· menu, so the button points there; elsewhere the
 * system share sheet where the browser has one; otherwise the link is copied (链接已复制).
 */

const WechatShareHint = lazyNamed(() => import('./wechat-share-hint'), 'WechatShareHint');

/** What is shared: the page's title and a line about it; the address is the page's own. */
export interface ShareContent {
  title: string;
  text?: string;
}

/** Copies text to the clipboard; the old selection way where the Clipboard API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** How this browser shares: WeChat's menu, the system sheet, or a copied link. */
export type ShareWay = 'wechat' | 'system' | 'copy';

export function shareWayOf(userAgent: string, wechatCard: boolean): ShareWay {
  if (isWechatBrowser(userAgent) && wechatCard) return 'wechat';
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') return 'system';
  return 'copy';
}

export function ShareButton({ title, text, className }: ShareContent & { className?: string }) {
  const { data: services } = usePublicServices();
  const [wechatHint, setWechatHint] = useState(false);
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;

  const copyLink = (url: string) =>
    copyText(url).then(
      () => notifySuccess('链接已复制'),
      () => notifyError('复制失败，请长按地址栏手动复制'),
    );

  const share = async () => {
    const url = withoutFragment(window.location.href);
    const way = shareWayOf(userAgent, services?.wechatShare === true);
    if (way === 'wechat') {
      setWechatHint(true);
      return;
    }
    if (way === 'system') {
      try {
        await navigator.share({ title, text, url });
      } catch (error) {
        // Closing the sheet is no failure; any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        await copyLink(url);
      }
      return;
    }
    await copyLink(url);
  };

  return (
    <>
      <Button className={className} icon={<ShareAltOutlined />} onClick={() => void share()}>
        分享
      </Button>
      <Deferred when={wechatHint}>
        <WechatShareHint open={wechatHint} title={title} onClose={() => setWechatHint(false)} />
      </Deferred>
    </>
  );
}
