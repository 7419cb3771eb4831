import {
  orderCancelSchema,
  orderGiveUpDelaySchema,
  REASON_REQUIRED_MESSAGE,
} from '@portal/shared/schemas/orders';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ReasonDialog, RefundDialog } from './order-dialogs';

const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

describe('the citizen order dialogs check what the server checks', () => {
  it('refuses an empty cancel reason with the server message and sends a filled one trimmed', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <ReasonDialog
        open
        title="取消订单"
        label="取消原因"
        field={orderCancelSchema.shape.cancelReason}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const box = (await screen.findByLabelText(/取消原因/)) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(200);
    fireEvent.change(box, { target: { value: '   ' } });
    ok();
    expect(await screen.findByText(REASON_REQUIRED_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: ' 不想买了 ' } });
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('不想买了'));
  });

  it('lets the give-up remark stay empty', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <ReasonDialog
        open
        title="放弃延期"
        label="备注"
        field={orderGiveUpDelaySchema.shape.remark}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    await screen.findByLabelText(/备注/);
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
  });

  it('asks for the refund intention with the server message', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<RefundDialog open onSubmit={onSubmit} onCancel={() => undefined} />);
    await screen.findByText('退款意向');
    ok();
    expect(await screen.findByText('请选择退款意向')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('仅退款'));
    ok();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ refundIntention: 1, remark: '' }));
  });
});
