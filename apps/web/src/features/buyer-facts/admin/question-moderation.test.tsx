import type { HiddenQuestion } from '@portal/shared/schemas/questions/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { QuestionModeration } from './question-moderation';

const question: HiddenQuestion = {
  id: 41,
  body: '这里是广告，加微信了解',
  askedBy: '138****0001',
  askedAt: '2026-05-02T02:00:00.000Z',
  answer: null,
  answeredAs: null,
  answeredAt: null,
  isHidden: false,
  targetType: 'project',
  targetId: 7,
  reportCount: 3,
  hiddenAt: null,
  hiddenByName: null,
  hiddenReason: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('问答管理', () => {
  it('hides a reported question with the reason the operator gives', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') {
          calls.push({ url, body: JSON.parse(String(init.body)) });
          return Response.json({ code: '000000', message: '已隐藏', data: null });
        }
        const data = url.includes('/reported') ? [question] : [];
        return Response.json({ code: '000000', message: 'ok', data });
      }),
    );
    renderWithProviders(<QuestionModeration />);
    const row = (await screen.findByText(`问：${question.body}`)).closest('tr') as HTMLElement;
    expect(within(row).getByText('3次')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '楼盘 #7' }).getAttribute('href')).toBe(
      '/houseHome?id=7',
    );
    fireEvent.click(within(row).getByRole('button', { name: /隐藏问题/ }));
    const dialog = await screen.findByRole('dialog', { name: '隐藏问答' });
    fireEvent.change(within(dialog).getByLabelText('隐藏原因'), {
      target: { value: '含有广告信息' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认隐藏/ }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toContain('/api/admin/questions/41/hide');
    expect(calls[0]?.body).toEqual({ reason: '含有广告信息' });
  });
});
