import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detailFixture, orderFixture, paidFixture } from '../../../features/orders/order-fixtures';
import { ApiError, apiGet, apiPost, request, requestEnvelope } from '../../../lib/api-client';
import type * as ApiClient from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import MyOrderDetailsRoute from './my-order-details';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  apiGet: vi.fn(),
  apiPost: vi.fn(),
  request: vi.fn(),
  requestEnvelope: vi.fn(),
}));
const mockedGet = vi.mocked(apiGet);
const mockedPost = vi.mocked(apiPost);
const mockedRequest = vi.mocked(request);
const mockedEnvelope = vi.mocked(requestEnvelope);

const T = (iso: string) => new Date(iso).toISOString();

function serve(detail: ReturnType<typeof detailFixture>) {
  mockedGet.mockImplementation(async (path: string) => {
    if (path === `/api/orders/${detail.id}`) return detail;
    if (path === `/api/orders/${detail.id}/pay-status`) {
      return { payStatus: detail.payStatus, paymentStatus: 'pending' };
    }
    throw new Error(`unexpected ${path}`);
  });
}

beforeEach(() => {
  mockedGet.mockReset();
  mockedPost.mockReset();
  mockedRequest.mockReset();
  mockedEnvelope.mockReset();
});

describe('/myOrderDetails', () => {
  it('says the payment window has passed when continue-pay meets an order past its deadline', async () => {
    const overdue = {
      ...orderFixture(7),
      payExpireTime: new Date(Date.now() - 60_000).toISOString(),
    };
    serve(detailFixture(overdue, [T('2026-05-12T06:30:00Z'), null, null, null, null]));
    mockedRequest.mockRejectedValue(new ApiError('60005', '房源锁定已失效', 409));
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=7' });
    fireEvent.click(await screen.findByRole('button', { name: '继续支付' }));
    expect(
      await screen.findByText(
        '该订单已超过30分钟缴费时间，已自动关闭，无法继续支付；如需购买请重新选房下单',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('锁定失败，请检查房源是否可用')).toBeNull();
  });

  it('shows the detail text of a failed house-order precheck, not the server message', async () => {
    serve(detailFixture(orderFixture(7), [T('2026-05-12T06:30:00Z'), null, null, null, null]));
    mockedRequest.mockRejectedValue(new ApiError('60005', '房源锁定已失效', 409));
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=7' });
    fireEvent.click(await screen.findByRole('button', { name: '继续支付' }));
    expect(await screen.findByText('锁定失败，请检查房源是否可用')).toBeTruthy();
    expect(screen.queryByText('房源锁定已失效')).toBeNull();
    expect(mockedRequest).toHaveBeenCalledWith('/api/orders/7/precheck');
    expect(mockedRequest).toHaveBeenCalledTimes(1);
  });

  it('shows a lock refunded without 网签备案 as it happened, with its bank and refund records', async () => {
    const refunded = paidFixture(8, -24, {
      payStatus: 5,
      refundStatus: 3,
      refundIntention: 2,
      refundResult: '订约金已原路退还',
      refundApplyTime: T('2026-05-19T06:31:00Z'),
      refundTime: T('2026-05-20T02:00:00Z'),
      refundOrderNo: 'TK2026051214300000008',
      otherRefundOrderNo: 'SIMRF0000000CD34',
      lockReleasedAt: T('2026-05-19T06:31:00Z'),
      countDown: 0,
    });
    const at = (iso: string) => T(iso);
    serve(
      detailFixture(refunded, [
        at('2026-05-12T06:30:00Z'),
        at('2026-05-12T06:32:00Z'),
        at('2026-05-12T06:32:00Z'),
        null,
        at('2026-05-20T02:00:00Z'),
      ]),
    );
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=8' });
    const steps = await screen.findByRole('group', { name: '订单步骤' });
    expect(within(steps).getByText('未办理')).toBeTruthy();
    expect(steps.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
    expect(steps.querySelector('.ant-steps-item-process')).toBeNull();
    expect(screen.getByText('退款结果：订约金已原路退还')).toBeTruthy();
    expect(screen.getByText('退款单号：TK2026051214300000008')).toBeTruthy();
    for (const [label, value] of [
      ['银行交易流水号', 'SIM00000000AB12'],
      ['银行退款流水号', 'SIMRF0000000CD34'],
      ['退款申请时间', dayjs('2026-05-19T06:31:00Z').format('YYYY-MM-DD HH:mm:ss')],
      ['退款时间', dayjs('2026-05-20T02:00:00Z').format('YYYY-MM-DD HH:mm:ss')],
    ]) {
      const cell = screen.getByText(label as string).closest('tr');
      expect(cell?.textContent, label).toContain(value);
    }
  });

  it("shows the server's own message when the refund was submitted", async () => {
    serve(
      detailFixture(paidFixture(9, 100), [
        T('2026-05-12T06:30:00Z'),
        T('2026-05-12T06:32:00Z'),
        T('2026-05-12T06:32:00Z'),
        null,
        null,
      ]),
    );
    mockedEnvelope.mockResolvedValue({ code: '000000', message: '退款申请已受理', data: null });
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=9' });
    fireEvent.click(await screen.findByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '仅退款' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('退款申请已受理')).toBeTruthy();
    expect(mockedEnvelope).toHaveBeenCalledWith('/api/orders/9/refund', {
      method: 'POST',
      body: { refundIntention: 1, remark: '' },
      toast: true,
    });
  });

  it('asks for a cancel reason (必填项不能为空) before cancelling an unpaid order', async () => {
    serve(detailFixture(orderFixture(11), [T('2026-05-12T06:30:00Z'), null, null, null, null]));
    mockedPost.mockResolvedValue(null);
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=11' });
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog', { name: '取消订单' });
    const reason = within(dialog).getByRole('textbox', { name: '取消原因' });
    const confirm = within(dialog).getByRole('button', { name: /确\s*定/ });

    fireEvent.click(confirm);
    expect(await within(dialog).findByText('必填项不能为空')).toBeTruthy();
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(within(dialog).getByText('必填项不能为空')).toBeTruthy());
    expect(mockedPost).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: ' 资金未到位 ' } });
    await waitFor(() => expect(within(dialog).queryByText('必填项不能为空')).toBeNull());
    fireEvent.click(confirm);
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledTimes(1);
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/orders/11/cancel',
      { cancelReason: '资金未到位' },
      { toast: true },
    );
  });

  it('gives up the delay of a lock in its last day, with an optional remark', async () => {
    const steps = [T('2026-05-12T06:30:00Z'), T('2026-05-12T06:32:00Z'), T('2026-05-12T06:32:00Z')];
    serve(detailFixture(paidFixture(12, 10, { allowDelay: true }), [...steps, null, null]));
    mockedPost.mockResolvedValue(null);
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=12' });
    expect(await screen.findByRole('button', { name: '申请延期' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '放弃延期' }));
    const dialog = await screen.findByRole('dialog', { name: '放弃延期' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '备注' }), {
      target: { value: ' 按期办理网签 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/orders/12/delay/give-up',
      { remark: '按期办理网签' },
      { toast: true },
    );
  });

  it('gives up the delay without a remark, and offers it only while a delay may be applied for', async () => {
    const steps = [T('2026-05-12T06:30:00Z'), T('2026-05-12T06:32:00Z'), T('2026-05-12T06:32:00Z')];
    serve(detailFixture(paidFixture(13, 10, { allowDelay: true }), [...steps, null, null]));
    mockedPost.mockResolvedValue(null);
    const first = renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=13' });
    fireEvent.click(await screen.findByRole('button', { name: '放弃延期' }));
    const dialog = await screen.findByRole('dialog', { name: '放弃延期' });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(mockedPost).toHaveBeenCalledWith(
      '/api/orders/13/delay/give-up',
      { remark: '' },
      { toast: true },
    );
    first.unmount();

    serve(detailFixture(paidFixture(14, 100, { allowDelay: false }), [...steps, null, null]));
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=14' });
    expect(await screen.findByRole('button', { name: '申请退款' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '放弃延期' })).toBeNull();
    expect(screen.queryByRole('button', { name: '申请延期' })).toBeNull();
  });

  it('tells a paid buyer whom to sign with: developer, sales office and a tap-to-call number', async () => {
    const detail = detailFixture(paidFixture(9, 100), [
      T('2026-05-12T06:30:00Z'),
      T('2026-05-12T06:32:00Z'),
      T('2026-05-12T06:32:00Z'),
      null,
      null,
    ]);
    mockedGet.mockImplementation(async (path: string) => {
      if (path === '/api/orders/9') return detail;
      if (path === `/api/projects/${detail.projectId}`) {
        return {
          id: detail.projectId,
          salesCenter: '海港区河北大街西段88号',
          contact: '0335-8888666',
          companyVO: { companyName: '秦皇岛海景置业有限公司' },
        };
      }
      throw new Error(`unexpected ${path}`);
    });
    renderWithProviders(<MyOrderDetailsRoute />, { url: '/myOrderDetails?id=9' });
    const guidance = await screen.findByLabelText('网签备案指引');
    expect(await within(guidance).findByText('开发企业：秦皇岛海景置业有限公司')).toBeTruthy();
    expect(within(guidance).getByText('售楼处地址：海港区河北大街西段88号')).toBeTruthy();
    expect(within(guidance).getByRole('link', { name: '0335-8888666' }).getAttribute('href')).toBe(
      'tel:03358888666',
    );
    expect(within(guidance).getByText(/查看楼盘主页及售楼处信息/)).toBeTruthy();
  });
});
