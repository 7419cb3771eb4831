import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatScreenOf, useChatScreen } from './use-chat-screen';

describe('the two phone screens of 房聊', () => {
  it('shows the list until a conversation is open, then the conversation', () => {
    expect(chatScreenOf(null, false)).toBe('list');
    expect(chatScreenOf(12, false)).toBe('conversation');
    expect(chatScreenOf(12, true)).toBe('list');
  });

  it('goes back to the list and opens another conversation from it', () => {
    const select = vi.fn();
    const { result, rerender } = renderHook(({ activeId }) => useChatScreen(activeId, select), {
      initialProps: { activeId: 12 as number | null },
    });
    expect(result.current.screen).toBe('conversation');
    act(() => result.current.back());
    expect(result.current.screen).toBe('list');
    act(() => result.current.open(15));
    expect(select).toHaveBeenCalledWith(15);
    rerender({ activeId: 15 });
    expect(result.current.screen).toBe('conversation');
  });
});
