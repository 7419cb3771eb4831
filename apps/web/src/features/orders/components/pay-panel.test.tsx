import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { startBankPayment } from '../../../lib/bank-payment';
import { consentedStatus } from '../../../test/legal';
import { renderWithProviders } from '../../../test/render';
import { createDepositOrder } from '../api/deposit-order';
import { PayPanel } from './pay-panel';

vi.mock('../api/deposit-order', () => ({ createDepositOrder: vi.fn() }));
vi.mock('../../../lib/bank-payment', () => ({ startBankPayment: vi.fn() }));
const mockedCreate = vi.mocked(createDepositOrder);
const mockedPay = vi.mocked(startBankPayment);

const ORDER = {
  id: 77,
  orderNo: 'DJ2026051214300000077',
  houseName: '海景花园1号楼1单元1201',
  payExpireTime: '2026-05-12T07:00:00.000Z',
};

/** The buyer's standing with the privacy policy, answered by a stubbed server. */
let privacyPending = false;

function json(data: unknown): Response {
  return new Response(JSON.stringify({ code: '000000', message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  mockedCreate.mockReset();
  mockedPay.mockReset();
  privacyPending = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const path = String(input).split('?')[0] ?? '';
      const status = consentedStatus();
      if (path === '/api/legal/me/status') {
        return Promise.resolve(
          json({ ...status, privacy: { ...status.privacy, pending: privacyPending } }),
        );
      }
      if (path === '/api/legal/privacy') {
        return Promise.resolve(
          json({
            kind: 'privacy',
            version: 1,
            title: '房地产交易服务平台个人信息保护政策',
            body: '## 一、我们是谁',
            publishedAt: '2026-01-01T00:00:00.000Z',
          }),
        );
      }
      return Promise.resolve(json(status));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('PayPanel', () => {
  it('asks the separate privacy consent before creating the order; 不同意 creates nothing', async () => {
    privacyPending = true;
    mockedCreate.mockResolvedValue(ORDER);
    mockedPay.mockResolvedValue();
    renderWithProviders(<PayPanel roomId={5} lockMoney={10000} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    const consent = await screen.findByRole('dialog', { name: '个人信息处理单独同意' });
    expect(consent.textContent).toContain('预售资金监管银行');
    fireEvent.click(await screen.findByRole('button', { name: '不同意' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('opens the agreement when unticked; 同意并继续 creates the order and goes to the bank', async () => {
    mockedCreate.mockResolvedValue(ORDER);
    mockedPay.mockResolvedValue();
    renderWithProviders(<PayPanel roomId={5} lockMoney={10000} />);
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('锁定7天');
    expect(mockedCreate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '同意并继续' }));
    await waitFor(() => expect(mockedPay).toHaveBeenCalledWith(77));
    expect(mockedCreate).toHaveBeenCalledWith({ houseId: 5, agreed: true });
    expect(
      (screen.getByRole('checkbox', { name: '我已阅读并同意' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('pays at once when ticked, and shows the conflict message of a taken room', async () => {
    mockedCreate.mockRejectedValue(
      new ApiError('60002', '该房源已被他人锁定或正在缴纳订约金，请选择其他房源', 409),
    );
    renderWithProviders(<PayPanel roomId={5} lockMoney={10000} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText(/该房源已被他人锁定/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mockedPay).not.toHaveBeenCalled();
  });

  it('keeps a created order when the bank could not be reached, and retries payment only', async () => {
    mockedCreate.mockResolvedValue(ORDER);
    mockedPay.mockRejectedValueOnce(new ApiError('10404', '请求的资源不存在', 404));
    renderWithProviders(<PayPanel roomId={5} lockMoney={10000} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(await screen.findByText(/订单号 DJ2026051214300000077/)).toBeTruthy();
    mockedPay.mockResolvedValueOnce();
    fireEvent.click(screen.getByRole('button', { name: '继续支付' }));
    await waitFor(() => expect(mockedPay).toHaveBeenCalledTimes(2));
    expect(mockedCreate).toHaveBeenCalledTimes(1);
  });
});
