import type { WechatJsConfig } from '@portal/shared/schemas/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicServicesQueryOptions } from './public-services';
import { useWechatShare } from './use-wechat-share';
import {
  currentShareCard,
  isWechatBrowser,
  type ShareCard,
  WechatShare,
  type WxSdk,
} from './wechat-share';

const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0 Mobile Safari/537.36 XWEB/1300333 MMWEBSDK/20240301 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const IOS_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN';

const SIGNED: WechatJsConfig = {
  appId: 'wx0123456789abcdef',
  timestamp: 1_800_000_000,
  nonceStr: 'Wm3WZYTPz0wzccnW',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
};

/** A stand-in for WeChat's `wx`: records every call; `fireReady` plays WeChat's check passing. */
function fakeWx() {
  let readyCallbacks: Array<() => void> = [];
  const wx = {
    config: vi.fn<WxSdk['config']>(),
    ready: vi.fn((callback: () => void) => {
      readyCallbacks.push(callback);
    }),
    error: vi.fn<WxSdk['error']>(),
    updateAppMessageShareData: vi.fn<WxSdk['updateAppMessageShareData']>(),
    updateTimelineShareData: vi.fn<WxSdk['updateTimelineShareData']>(),
  };
  const fireReady = () => {
    const callbacks = readyCallbacks;
    readyCallbacks = [];
    for (const callback of callbacks) callback();
  };
  return { wx, fireReady };
}

function setHead(description: string, image: string, canonical: string) {
  document.head.innerHTML = `<title>凤凰澜湾-新房-秦皇岛市房地产交易服务平台</title>
<meta name="description" content="${description}">
<meta property="og:image" content="${image}">
<link rel="canonical" href="${canonical}">`;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/houseHome?id=7#intro');
  setHead(
    '海港区 在售 均价 15800 元/㎡',
    '/uploads/cover-7.jpg',
    'http://localhost:3000/houseHome?id=7',
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('WeChat browser detection', () => {
  it('recognises WeChat on Android and iOS, and nothing else', () => {
    expect(isWechatBrowser(ANDROID_WECHAT)).toBe(true);
    expect(isWechatBrowser(IOS_WECHAT)).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) Mobile Safari/604.1')).toBe(false);
  });
});

describe('the share card of the page shown', () => {
  const defaults = { description: '秦皇岛市房地产交易服务平台', logo: '/uploads/logo.png' };

  it('uses the head the server wrote while the page is still the one it was written for', () => {
    expect(currentShareCard('http://localhost:3000/houseHome?id=7', defaults)).toEqual({
      title: '凤凰澜湾-新房-秦皇岛市房地产交易服务平台',
      desc: '海港区 在售 均价 15800 元/㎡',
      link: 'http://localhost:3000/houseHome?id=7',
      imgUrl: 'http://localhost:3000/uploads/cover-7.jpg',
    });
  });

  it('after navigating in the app, takes the site description, logo and current address', () => {
    window.history.pushState(null, '', '/newHouse?page=2');
    document.title = '新房-秦皇岛市房地产交易服务平台';
    expect(currentShareCard('http://localhost:3000/houseHome?id=7', defaults)).toEqual({
      title: '新房-秦皇岛市房地产交易服务平台',
      desc: '秦皇岛市房地产交易服务平台',
      link: 'http://localhost:3000/newHouse?page=2',
      imgUrl: 'http://localhost:3000/uploads/logo.png',
    });
  });
});

describe('WechatShare', () => {
  function setup(entryOnly: boolean) {
    const { wx, fireReady } = fakeWx();
    const fetchConfig = vi.fn(async () => SIGNED);
    let card: ShareCard = { title: '首页', desc: '简介', link: 'http://x.cn/', imgUrl: '' };
    const share = new WechatShare({ wx, fetchConfig, card: () => card, entryOnly });
    return { wx, fireReady, fetchConfig, share, setCard: (next: ShareCard) => (card = next) };
  }

  it("configures wx with the server's answer and sets both cards once WeChat is ready", async () => {
    const { wx, fireReady, fetchConfig, share } = setup(false);
    await share.configure('http://x.cn/houseHome?id=7#intro');
    expect(fetchConfig).toHaveBeenCalledWith('http://x.cn/houseHome?id=7');
    expect(wx.config).toHaveBeenCalledWith({
      ...SIGNED,
      debug: false,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    share.update();
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    fireReady();
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '首页',
      desc: '简介',
      link: 'http://x.cn/',
      imgUrl: '',
    });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({
      title: '首页',
      link: 'http://x.cn/',
      imgUrl: '',
    });
  });

  it('signs each new address again on Android, and only updates the card on iOS', async () => {
    const android = setup(false);
    await android.share.configure('http://x.cn/');
    android.fireReady();
    android.setCard({ title: '新房', desc: '简介', link: 'http://x.cn/newHouse', imgUrl: '' });
    await android.share.navigated('http://x.cn/newHouse');
    expect(android.fetchConfig).toHaveBeenLastCalledWith('http://x.cn/newHouse');
    expect(android.wx.config).toHaveBeenCalledTimes(2);
    android.fireReady();
    expect(android.wx.updateAppMessageShareData).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '新房', link: 'http://x.cn/newHouse' }),
    );

    const ios = setup(true);
    await ios.share.configure('http://x.cn/');
    ios.fireReady();
    ios.setCard({ title: '新房', desc: '简介', link: 'http://x.cn/newHouse', imgUrl: '' });
    await ios.share.navigated('http://x.cn/newHouse');
    expect(ios.fetchConfig).toHaveBeenCalledTimes(1);
    expect(ios.wx.updateTimelineShareData).toHaveBeenLastCalledWith({
      title: '新房',
      link: 'http://x.cn/newHouse',
      imgUrl: '',
    });
  });

  it('does not set an unchanged card again', async () => {
    const { wx, fireReady, share } = setup(true);
    await share.configure('http://x.cn/');
    fireReady();
    share.update();
    await share.navigated('http://x.cn/');
    expect(wx.updateAppMessageShareData).toHaveBeenCalledTimes(1);
  });
});

describe('useWechatShare in the layout', () => {
  /** Stands for the public layout and two pages that name themselves as the real ones do. */
  function renderSite(userAgent: string, wechatShare: boolean) {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), window.location.href);
      const body =
        url.pathname === '/api/wechat/js-config'
          ? { code: '000000', message: '成功', data: SIGNED }
          : { code: '10404', message: '不存在', data: null };
      return new Response(JSON.stringify(body), {
        status: url.pathname === '/api/wechat/js-config' ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(publicServicesQueryOptions().queryKey, {
      siteOrigin: 'http://localhost:3000',
      miniProgramUrl: null,
      map: { provider: 'offline', key: null, reviewNumber: null },
      wechatShare,
      webVitalsSampleRate: 1,
    });
    const settings = {
      description: '秦皇岛市房地产交易服务平台，新房二手房一站办理',
      logo: '/uploads/logo.png',
    } as Parameters<typeof useWechatShare>[0];
    function Layout() {
      useWechatShare(settings);
      return <Outlet />;
    }
    function Titled({ title }: { title: string }) {
      useEffect(() => {
        document.title = title;
      }, [title]);
      return <p>{title}</p>;
    }
    const router = createBrowserRouter([
      {
        element: <Layout />,
        children: [
          {
            path: '/houseHome',
            element: <Titled title="凤凰澜湾-新房-秦皇岛市房地产交易服务平台" />,
          },
          { path: '/newHouse', element: <Titled title="新房-秦皇岛市房地产交易服务平台" /> },
        ],
      },
    ]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { router, fetchMock };
  }

  it('loads the SDK once, configures it and updates the card on navigation inside WeChat', async () => {
    const { wx, fireReady } = fakeWx();
    const { router, fetchMock } = renderSite(ANDROID_WECHAT, true);
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src*="jweixin"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(script.src).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
    window.wx = wx;
    act(() => script.dispatchEvent(new Event('load')));
    await waitFor(() => expect(wx.config).toHaveBeenCalledTimes(1));
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ ...SIGNED, debug: false }));
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), window.location.href);
    expect(asked.pathname).toBe('/api/wechat/js-config');
    expect(asked.searchParams.get('url')).toBe('http://localhost:3000/houseHome?id=7');
    act(fireReady);
    expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith({
      title: '凤凰澜湾-新房-秦皇岛市房地产交易服务平台',
      desc: '海港区 在售 均价 15800 元/㎡',
      link: 'http://localhost:3000/houseHome?id=7',
      imgUrl: 'http://localhost:3000/uploads/cover-7.jpg',
    });

    await act(() => router.navigate('/newHouse'));
    await waitFor(() => expect(wx.config).toHaveBeenCalledTimes(2));
    act(fireReady);
    await waitFor(() =>
      expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith({
        title: '新房-秦皇岛市房地产交易服务平台',
        desc: '秦皇岛市房地产交易服务平台，新房二手房一站办理',
        link: 'http://localhost:3000/newHouse',
        imgUrl: 'http://localhost:3000/uploads/logo.png',
      }),
    );
    expect(wx.updateTimelineShareData).toHaveBeenLastCalledWith({
      title: '新房-秦皇岛市房地产交易服务平台',
      link: 'http://localhost:3000/newHouse',
      imgUrl: 'http://localhost:3000/uploads/logo.png',
    });
    expect(document.head.querySelectorAll('script[src*="jweixin"]')).toHaveLength(1);

    // A record page renames itself once its record has loaded: the card follows.
    act(() => {
      document.title = '海湾一号-新房-秦皇岛市房地产交易服务平台';
    });
    await waitFor(() =>
      expect(wx.updateAppMessageShareData).toHaveBeenLastCalledWith(
        expect.objectContaining({ title: '海湾一号-新房-秦皇岛市房地产交易服务平台' }),
      ),
    );
  });

  it('does nothing outside WeChat, nor inside it when the server has no Official Account', async () => {
    for (const [agent, on] of [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1', true],
      [IOS_WECHAT, false],
    ] as const) {
      const { fetchMock } = renderSite(agent, on);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(document.head.querySelector('script[src*="jweixin"]')).toBeNull();
      expect(
        fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/wechat/')),
      ).toEqual([]);
    }
  });
});
