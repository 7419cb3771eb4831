import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolPage } from './tool-page';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/tool', element: <ToolPage /> }], {
    initialEntries: [url],
  });
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  return router;
}

describe('ToolPage', () => {
  it('opens the tab of the query with its fields filled from the URL and computes', async () => {
    const router = renderAt('/tool?tab=6&unitPrice=10000&area=100');
    expect(screen.getByRole('tab', { name: '财政补贴计算器', selected: true })).toBeTruthy();
    expect((screen.getByLabelText('单价') as HTMLInputElement).value).toBe('10000');
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('990,000.00')).toBeTruthy();
    expect(screen.getByText(/仅供参考/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /重\s?置/ }));
    expect(screen.queryByText('990,000.00')).toBeNull();
    expect(router.state.location.search).toBe('?tab=6');
  });

  it('sanitises typed amounts and keeps them in the URL', () => {
    const router = renderAt('/tool?tab=6');
    fireEvent.change(screen.getByLabelText('面积'), { target: { value: '8a9.567' } });
    expect((screen.getByLabelText('面积') as HTMLInputElement).value).toBe('89.56');
    expect(router.state.location.search).toContain('area=89.56');
  });

  it('asks for the month when only the year of a date is chosen', async () => {
    renderAt('/tool?tab=4&originalLoanAmount=100&firstPaymentMonth=1&advancePaymentYear=2025');
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('请同时选择还款年份和月份')).toBeTruthy();
  });

  it('shows the date conflict inline and as an error toast, instead of a result', async () => {
    renderAt(
      '/tool?tab=4&originalLoanAmount=100&firstPaymentMonth=1&advancePaymentYear=2019&advancePaymentMonth=1',
    );
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const conflict = '预计提前还款时间与第一次还款时间有矛盾，请查实';
    expect((await screen.findByRole('alert')).textContent).toBe(conflict);
    await waitFor(() =>
      expect(document.querySelector('.ant-message-error')?.textContent).toBe(conflict),
    );
    expect(screen.queryByRole('region', { name: '计算结果' })).toBeNull();
  });

  it('computes a plain loan 按贷款总额 with no price', async () => {
    renderAt('/tool?tab=1&typer=amount&totalLoan=100&mortgageYears=30&rateType=2');
    expect(screen.queryByLabelText('单价')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '计算结果' });
    expect(result.textContent).toContain('5,307.27');
    expect(result.textContent).toContain('910,616.19');
    expect(result.textContent).not.toContain('房屋总价');
    // The monthly schedule, with its rounding note, loads with the first result.
    await waitFor(() => expect(result.textContent).toContain('舍入差额 −1.01 元已计入最后一期'));
  });

  it('draws the schedule after the figures, and the new one after a second 计算', async () => {
    renderAt('/tool?tab=1&typer=amount&totalLoan=100&mortgageYears=30&rateType=2');
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '计算结果' });
    const schedule = await within(result).findByRole('table');
    expect(schedule.textContent).toContain('第1期');
    expect(schedule.textContent).toContain('5,307.27');

    fireEvent.change(screen.getByLabelText('贷款总额'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    await waitFor(() => expect(result.textContent).toContain('2,653.63'));
    await waitFor(() =>
      expect(within(result).getByRole('table').textContent).toContain('2,653.63'),
    );
    expect(within(result).getByRole('table').textContent).not.toContain('5,307.27');
    expect(result.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it.each([
    [
      '按贷款总额, 公积金贷款: 12 万元 over 10 years at 3.25 % given in the URL',
      '/tool?tab=1&typer=amount&loanType=provident&totalLoan_HPF=12&mortgageYears_HPF=10&interestRate_HPF=3.25',
      ['1,172.63', '20,715.40'],
    ],
    [
      '按贷款总额, 组合贷款: 70 万元 商贷 30 years at 4.9 % and 12 万元 公积金 10 years at 3.25 %',
      '/tool?tab=1&typer=amount&loanType=combined&totalLoan=70&mortgageYears=30&rateType=2&totalLoan_HPF=12&mortgageYears_HPF=10&interestRate_HPF=3.25',
      ['4,887.72', '658,146.74', '700,000.00', '120,000.00'],
    ],
    [
      '按房价, 公积金贷款: a 1,000,000 元 home, 30 % down, 30 years at 3.25 %',
      '/tool?tab=1&unitPrice=10000&area=100&loanType=provident&mortgageYears_HPF=30&interestRate_HPF=3.25',
      ['1,000,000.00', '300,000.00', '700,000.00', '3,046.44', '396,719.92'],
    ],
    [
      '按房价, 组合贷款: the same home with 30 万元 公积金, the rest commercial at LPR 3.6 % (rates given in the URL)',
      '/tool?tab=1&unitPrice=10000&area=100&loanType=combined&totalLoan_HPF=30&LPR=3.6&interestRate_HPF=3.25',
      ['300,000.00', '400,000.00', '4,042.03', '270,087.96'],
    ],
  ])('%s: opened from its URL, it computes', async (_name, url, figures) => {
    renderAt(url);
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '计算结果' });
    for (const figure of figures) expect(result.textContent).toContain(figure);
  });

  it('shows the basis of its rates with the date they took effect, and the rate tables from the same table', () => {
    renderAt('/tool?tab=1');
    const basis = screen.getByRole('note', { name: '利率依据' });
    expect(basis.textContent).toContain(
      '利率依据：贷款市场报价利率（LPR）1年期3%、5年期以上3.5%（2025年5月20日起执行）',
    );
    const tables = screen.getByRole('complementary', { name: '利率表' });
    expect(tables.textContent).toContain('贷款市场报价利率（LPR）（2025年5月20日起执行）');
    expect(tables.textContent).toContain('公积金贷款利率（2025年5月8日起执行）');
    expect(tables.textContent).not.toMatch(/3\.25%|3\.1%|4\.05%|3\.6%/);
    expect((screen.getByLabelText('LPR') as HTMLInputElement).value).toBe('3.5');
  });

  it('warns under the amount about a 6亿 loan and still computes', async () => {
    renderAt('/tool?tab=1&typer=amount&totalLoan=60000');
    const warning = '贷款金额超过3000万元，超出银行个人住房贷款的一般额度，请核实金额';
    expect(screen.getByText(warning)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('贷款总额'), { target: { value: '100' } });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
    fireEvent.change(screen.getByLabelText('贷款总额'), { target: { value: '60000' } });
    expect(await screen.findByText(warning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByRole('region', { name: '计算结果' })).toBeTruthy();
  });

  it('early repayment: a loan first paid in 2024 computes at the rates in force', async () => {
    renderAt(
      '/tool?tab=4&originalLoanAmount=100&firstPaymentYear=2024&firstPaymentMonth=3&advancePaymentYear=2026&advancePaymentMonth=3',
    );
    expect(screen.getByRole('note', { name: '利率依据' }).textContent).toContain(
      '（2025年5月8日起执行）',
    );
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '计算结果' });
    // 1,000,000 元 / 180 months / 3.5 % (five-year LPR): 7,148.83 元 a month.
    expect(result.textContent).toContain('7,148.83');
    expect(result.textContent).toContain('2039年2月');
  });

  it('early repayment: a first payment after this month is refused in Chinese; 6亿 is warned about', async () => {
    const next = new Date();
    const year = next.getFullYear() + 1;
    renderAt(
      `/tool?tab=4&originalLoanAmount=60000&firstPaymentYear=${year}&firstPaymentMonth=1&advancePaymentYear=${year + 1}&advancePaymentMonth=1`,
    );
    expect(
      screen.getByText('贷款金额超过3000万元，超出银行个人住房贷款的一般额度，请核实金额'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('第一次还款时间不能晚于当前月份')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '计算结果' })).toBeNull();
  });

  it('falls back to the loan tab for an unknown tab value', () => {
    renderAt('/tool?tab=9');
    expect(screen.getByRole('tab', { name: '房贷计算器', selected: true })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '利率表' })).toBeTruthy();
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows the six calculators as links in one strip, the current one marked', () => {
      const matchMedia = window.matchMedia;
      vi.stubGlobal('matchMedia', (query: string) => ({
        ...matchMedia(query),
        matches: query === '(max-width: 767px)',
      }));
      const router = renderAt('/tool?tab=2');
      const strip = screen.getByRole('navigation', { name: '购房工具' });
      expect(screen.queryByRole('tablist')).toBeNull();
      const links = strip.querySelectorAll('a');
      expect([...links].map((link) => link.textContent)).toEqual([
        '房贷计算器',
        '公积金贷款额度',
        '购房能力评估',
        '提前还款计算器',
        '税费计算器',
        '财政补贴计算器',
      ]);
      expect(strip.querySelector('[aria-current="page"]')?.textContent).toBe('公积金贷款额度');

      fireEvent.click(screen.getByRole('link', { name: '财政补贴计算器' }));
      expect(router.state.location.search).toBe('?tab=6');
      expect(strip.querySelector('[aria-current="page"]')?.textContent).toBe('财政补贴计算器');
      expect(screen.getByLabelText('单价')).toBeTruthy();
    });
  });
});
