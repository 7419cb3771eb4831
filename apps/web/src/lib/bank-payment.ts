import { request } from './api-client';

/**
 * Checks that the order's room is still locked for it (house-order precheck, docs/product/orders.md) and
 * requests the bank's payment form for the order: `GET /api/orders/:id/precheck`, then
 * `POST /api/orders/:id/pay`, whose data is `{ html }`, an HTML form. The form is rebuilt in
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

/**
 * Rebuilds the bank's form from its parsed fields and submits it. The server's HTML is parsed
 * inert (DOMParser runs no script and loads nothing) and never inserted into the page: only the
 * form's action, method and its hidden fields' names and values are copied, as text.
 */
export function submitBankForm(html: string): void {
  const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  if (!parsed) throw new Error('银行支付表单无效');
  const form = document.createElement('form');
  form.method = parsed.getAttribute('method') ?? 'post';
  form.action = parsed.getAttribute('action') ?? '';
  form.acceptCharset = parsed.getAttribute('accept-charset') ?? 'utf-8';
  form.hidden = true;
  for (const field of Array.from(parsed.querySelectorAll('input'))) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = field.getAttribute('name') ?? '';
    input.value = field.getAttribute('value') ?? '';
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
