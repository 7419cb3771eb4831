import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ShareButton } from './share-button';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile MicroMessenger/8.0.47';

/** The site's services as `/api/site/services` answers, with or without the WeChat card. */
function serveServices(wechatShare: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        code: '000000',
        message: 'ok',
        data: { siteOrigin: 'https://fang.example.cn', wechatShare },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('ShareButton', () => {
  it('opens the system share sheet with the page title, a line and the address', async () => {
    serveServices(false);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<ShareButton title="海韵花园 - 新房" text="海港区海滨路1号" />, {
      url: '/houseHome?id=3#photos',
    });
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({
      title: '海韵花园 - 新房',
      text: '海港区海滨路1号',
      url: window.location.href.split('#')[0],
    });
  });

  it('copies the link with 链接已复制 where the browser has no share sheet', async () => {
    serveServices(false);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ShareButton title="金梦海湾 2室 - 二手房" />);
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    expect(await screen.findByText('链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(window.location.href.split('#')[0]);
  });

  it('does not copy when the citizen closes the share sheet', async () => {
    serveServices(false);
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ShareButton title="海韵花园 - 新房" />);
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
  });

  it('inside WeChat with the card configured, points to WeChat’s own menu', async () => {
    serveServices(true);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderWithProviders(<ShareButton title="海韵花园 - 新房" />);
    // The button waits for the services answer before it knows WeChat's card is set.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    const dialog = await screen.findByRole('dialog', { name: '分享给朋友' });
    expect(dialog.textContent).toContain('点击微信右上角的「···」');
    expect(dialog.textContent).toContain('“海韵花园 - 新房”');
    expect(share).not.toHaveBeenCalled();
  });

  it('inside WeChat without the card, still shares (system sheet or copied link)', async () => {
    serveServices(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<ShareButton title="海韵花园 - 新房" />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: /分享/ }));
    expect(await screen.findByText('链接已复制')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
