import type { PublicServices } from '@portal/shared/schemas/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicServicesQueryOptions } from '../lib/public-services';
import { SiteQrCode } from './site-qr-code';

function renderWith(miniProgramUrl: string | null) {
  const client = new QueryClient();
  const services: PublicServices = {
    siteOrigin: 'https://fc.example.gov.cn',
    miniProgramUrl,
    map: { provider: 'offline', key: null, reviewNumber: null },
    wechatShare: false,
    webVitalsSampleRate: 0,
  };
  client.setQueryData(publicServicesQueryOptions().queryKey, services);
  render(
    <QueryClientProvider client={client}>
      <SiteQrCode path="/houseHome?id=12" size={84} caption="微信扫码看房" />
    </QueryClientProvider>,
  );
}

describe('SiteQrCode', () => {
  it('shows the server’s drawing of the page’s address, fetched only when shown', () => {
    renderWith(null);
    const code = screen.getByRole('img', { name: '手机访问二维码' });
    expect(code.getAttribute('src')).toBe('/api/site/qr.svg?path=%2FhouseHome%3Fid%3D12');
    expect(code.getAttribute('data-qr-value')).toBe('https://fc.example.gov.cn/houseHome?id=12');
    expect(code.getAttribute('loading')).toBe('lazy');
    expect(code.getAttribute('width')).toBe('84');
    expect(screen.getByText('微信扫码看房')).toBeTruthy();
  });

  it('names the mini-program’s code as such when one is configured', () => {
    renderWith('https://wxaurl.cn/AbCdEf12345');
    const code = screen.getByRole('img', { name: '小程序二维码' });
    expect(code.getAttribute('data-qr-value')).toBe('https://wxaurl.cn/AbCdEf12345');
  });
});
