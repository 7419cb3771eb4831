import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitBankForm } from './bank-payment';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the bank payment form', () => {
  it('posts the fields exactly as the server escaped them, without inserting its HTML', () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
      this: HTMLFormElement,
    ) {
      submitted.push(this);
    });
    const subject = '{"subject":"海港区&amp;山海苑&#x4e00;号<b>\\"楼\\"</b>"}';
    const escaped = subject
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;');
    submitBankForm(
      `<form method="post" action="https://openapi.alipay.com/gateway.do?charset=utf-8" accept-charset="utf-8">` +
        `<input type="hidden" name="biz_content" value="${escaped}">` +
        `<input type="hidden" name="sign" value="c2lnbg==">` +
        `</form><img src="x" onerror="window.hacked = true"><script>window.hacked = true</script>`,
    );
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.action).toBe('https://openapi.alipay.com/gateway.do?charset=utf-8');
    expect(form.method).toBe('post');
    const fields = Object.fromEntries(
      Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual({ biz_content: subject, sign: 'c2lnbg==' });
    expect(document.querySelector('img, script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});
