import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SiteSettingsForm } from './site-settings-form';

const STORED = {
  title: '房地产交易服务平台',
  logo: '',
  keywords: '新房,二手房',
  description: '秦皇岛市房地产交易服务平台',
  icp: '冀ICP备2026000001号',
  copyright: '© 2026 秦皇岛市住房和城乡建设局 版权所有',
  website: '',
  cityName: '秦皇岛市',
  authority: '秦皇岛市住房和城乡建设局',
  icpLink: 'https://beian.miit.gov.cn/',
  psbNumber: '冀公网安备13030202000001号',
  psbLink: 'https://beian.mps.gov.cn/#/query/webSearch?code=13030202000001',
  hotline: '0335-3012345',
};

describe('SiteSettingsForm identity fields', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits the city, authority, hotline and filings and saves them', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json({
        code: '000000',
        message: '操作成功',
        data: init?.method === 'PUT' ? null : STORED,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SiteSettingsForm />, { url: '/admin/site' });
    const city = (await screen.findByLabelText(/城市名称/)) as HTMLInputElement;
    expect(city.value).toBe('秦皇岛市');
    expect((screen.getByLabelText(/主办单位全称/) as HTMLInputElement).value).toBe(
      STORED.authority,
    );
    expect((screen.getByLabelText(/^公安备案号/) as HTMLInputElement).value).toBe(STORED.psbNumber);
    fireEvent.change(screen.getByLabelText(/服务热线/), { target: { value: '0335-7654321' } });
    fireEvent.change(screen.getByLabelText(/公安备案查询网址/), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('网址应以 http:// 或 https:// 开头')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText(/公安备案查询网址/), {
      target: { value: 'https://beian.mps.gov.cn/' },
    });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      cityName: '秦皇岛市',
      hotline: '0335-7654321',
      psbLink: 'https://beian.mps.gov.cn/',
      psbNumber: STORED.psbNumber,
    });
    // The save ends with its toast and a fresh read of the settings; nothing is left pending.
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method !== 'PUT').length,
      ).toBeGreaterThanOrEqual(2),
    );
  }, 60_000);
});
