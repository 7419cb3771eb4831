import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BuyerQueryForm } from './buyer-query-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('BuyerQueryForm', () => {
  it('asks for every field and refuses an ID whose check digit is wrong', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BuyerQueryForm kind="funds" />);
    fireEvent.click(screen.getByRole('button', { name: /查\s?询/ }));
    expect(await screen.findByText('身份证号不能为空')).toBeTruthy();
    expect(
      screen.getByText('请输入合同编号', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(
      screen.getByText('请输入购房密码', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();

    type('请输入购房人身份证号', '130302199003151230');
    expect(await screen.findByText('请输入有效的身份证号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets every field', async () => {
    renderWithProviders(<BuyerQueryForm kind="contract" />);
    type('请输入合同编号', 'WQ1');
    fireEvent.click(screen.getByRole('button', { name: /重\s?置/ }));
    await waitFor(() =>
      expect((screen.getByPlaceholderText('请输入合同编号') as HTMLInputElement).value).toBe(''),
    );
  });
});
