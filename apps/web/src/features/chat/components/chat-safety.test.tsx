import type { ChatConversation } from '@portal/shared/schemas/chat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChatSafety } from './chat-safety';

const CONVERSATION = {
  id: 7,
  kind: 'user',
  closed: false,
  blockedByMe: false,
  blockedMe: false,
  reportedByMe: false,
} as unknown as ChatConversation;

describe('the conversation report checks what the server checks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a reason with the server message, then sends the report', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ code: '000000', message: '操作成功', data: { id: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    renderWithProviders(<ChatSafety conversation={CONVERSATION} onChanged={onChanged} />);
    fireEvent.click(screen.getByRole('button', { name: /举\s*报/ }));
    fireEvent.click(await screen.findByRole('button', { name: /提交举报/ }));
    expect(await screen.findByText('请选择举报原因')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/补充说明/) as HTMLTextAreaElement).maxLength).toBe(300);
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /提交举报/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });
});
