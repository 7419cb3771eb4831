import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HelpChatPanel } from '../components/help-chat-panel';
import { acceptableMessage, HELP_CHAT_GREETING, HELP_CHAT_REPLY } from './help-chat-script';

describe('acceptableMessage', () => {
  it('refuses empty, blank and over-long messages', () => {
    expect(acceptableMessage('')).toBeNull();
    expect(acceptableMessage('   \n')).toBeNull();
    expect(acceptableMessage('x'.repeat(101))).toBeNull();
    expect(acceptableMessage(` ${'x'.repeat(98)} `)).toBe('x'.repeat(98));
  });
});

describe('HelpChatPanel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const renderOpen = () => render(<HelpChatPanel isOpen onClose={() => undefined} />);

  it('greets after exactly 1 s', () => {
    renderOpen();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText(HELP_CHAT_GREETING)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(HELP_CHAT_GREETING)).toBeTruthy();
  });

  it('shows the message as 我 and replies as 客服 0.8 s later', () => {
    const { container } = renderOpen();
    const input = screen.getByRole('textbox', { name: '输入问题' });
    fireEvent.change(input, { target: { value: '  有什么优惠  ' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    const mine = container.querySelector('[data-sender="我"]');
    expect(mine?.textContent).toContain('有什么优惠');
    expect((input as HTMLInputElement).value).toBe('');
    act(() => vi.advanceTimersByTime(799));
    expect(screen.queryByText(HELP_CHAT_REPLY)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(HELP_CHAT_REPLY)).toBeTruthy();
  });

  it('does not send a blank message', () => {
    const { container } = renderOpen();
    fireEvent.change(screen.getByRole('textbox', { name: '输入问题' }), {
      target: { value: '   ' },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '输入问题' }), { key: 'Enter' });
    expect(container.querySelector('[data-sender="我"]')).toBeNull();
  });

  it("lists a topic's questions and answers the chosen one", () => {
    const { container } = renderOpen();
    fireEvent.click(screen.getByRole('button', { name: '账户问题' }));
    fireEvent.click(screen.getByRole('button', { name: '无法登录怎么办？' }));
    const answers = container.querySelectorAll('[data-sender="客服"]');
    expect(answers[answers.length - 1]?.textContent).toContain('忘记密码');
  });
});
