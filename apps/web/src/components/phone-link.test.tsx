import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneText, telHref } from './phone-link';

describe('PhoneText', () => {
  it('makes each number of a contact text a tel: link and keeps the words', () => {
    const { container } = render(<PhoneText text="售楼处 0335-8888666 / 13800138000 转 2" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'tel:03358888666',
      'tel:13800138000',
    ]);
    expect(links.map((a) => a.textContent)).toEqual(['0335-8888666', '13800138000']);
    expect(container.textContent).toBe('售楼处 0335-8888666 / 13800138000 转 2');
  });

  it('leaves a text without a number as it is', () => {
    render(<PhoneText text="请到售楼处咨询" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('请到售楼处咨询')).toBeTruthy();
  });

  it('keeps a leading plus in the address', () => {
    expect(telHref('+86 335 1234567')).toBe('tel:+863351234567');
  });
});
