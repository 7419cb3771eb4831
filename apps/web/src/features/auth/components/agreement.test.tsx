import { fireEvent, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AGREEMENT_WARNING } from '../agreement-text';
import { AgreementCheckbox, SubmitOrAgree, useAgreement } from './agreement';

function SignInLike({ onFinish }: { onFinish: () => void }) {
  const agreement = useAgreement();
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="account">
        <Input aria-label="手机号" />
      </Form.Item>
      <AgreementCheckbox agreement={agreement} />
      <SubmitOrAgree agreement={agreement} label="登录" />
    </Form>
  );
}

describe('SubmitOrAgree', () => {
  it('is the submit button while the agreement is unticked, and warns instead of submitting', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<SignInLike onFinish={onFinish} />);
    const button = screen.getByRole('button', { name: /登\s?录/ });
    // Enter in a field clicks the form's submit button: it must be this one.
    expect(button.getAttribute('type')).toBe('submit');
    fireEvent.click(button);
    expect(await screen.findByText(AGREEMENT_WARNING)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
