import { request } from './api-client';

/**
 * Checks that the order's room is still locked for it (house-order precheck, docs/product/orders.md) and
 * requests the bank's payment form for the order: `GET /api/orders/:id/precheck`, then
 * `POST /api/orders/:id/pay`, whose data is `{ html }`, an HTML form. The form is inserted into
 * the page and submitted, leaving the site for the bank (docs/product/new-build.md, deposit flow step 6).
 * Rejects with the ApiError of the failed call (precheck failure, order no longer payable).
 */
export async function startBankPayment(orderId: number): Promise<void> {
  await request<unknown>(`/api/orders/${orderId}/precheck`);
  const { html } = await request<{ html: string }>(`/api/orders/${orderId}/pay`, {
    method: 'POST',
    body: {},
  });
  submitBankForm(html);
}

/** Inserts the bank's form into a hidden container and submits it. */
export function submitBankForm(html: string): void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.appendChild(holder);
  const form = holder.querySelector('form');
  if (!form) throw new Error('银行支付表单无效');
  form.submit();
}
