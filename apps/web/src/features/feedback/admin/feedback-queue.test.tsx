import type { AdminFeedbackRow } from '@portal/shared/schemas/feedback/admin';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FeedbackQueue } from './feedback-queue';

/** A stored row whose HTML slipped past the server's cleaning (an old row, a changed rule). */
const HOSTILE: AdminFeedbackRow = {
  id: 7,
  userId: 3,
  realname: '李思远',
  phone: '13800000001',
  title: '监管账户咨询',
  content:
    '<p>请问如何查询<img src=x onerror=alert(1)></p>' +
    '<a href="javascript:alert(2)">查看详情</a><a href="https://example.com/">官网</a>',
  state: 'replied',
  createdTime: '2026-01-05T02:00:00.000Z',
  reply: '<p>已受理<img src=y onerror=alert(3)><a href=" javascript:alert(4)">说明</a></p>',
  replyTime: '2026-01-05T03:00:00.000Z',
};

// The reply editor's code loads lazily in the page; load it once up front.
beforeAll(() => import('../../../components/rich-text-editor/rich-text-editor'), 60_000);

afterEach(() => vi.unstubAllGlobals());

describe('the operator’s feedback queue', () => {
  it('cleans stored question and reply HTML before putting it in the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          code: '000000',
          message: 'ok',
          data: { list: [HOSTILE], total: 1, pageNum: 1, pageSize: 20 },
        }),
      ),
    );
    renderWithProviders(<FeedbackQueue />, { url: '/admin/feedback' });

    const question = (await screen.findByText('请问如何查询', {}, { timeout: 5000 })).closest(
      'div',
    );
    if (!question) throw new Error('no question body');
    // The text and the safe link stay; the picture (a question holds none, as on the server),
    // the handler and the javascript: link do not.
    expect(question.querySelector('img')).toBeNull();
    expect(question.querySelector('[onerror]')).toBeNull();
    const detail = screen.getByText('查看详情');
    expect(detail.tagName).toBe('A');
    expect(detail.hasAttribute('href')).toBe(false);
    expect(screen.getByText('官网').getAttribute('href')).toBe('https://example.com/');

    // The reply editor starts from the stored reply, cleaned the same way.
    const editor = await screen.findByRole('textbox', { name: '回复内容' });
    expect(editor.textContent).toContain('已受理');
    expect(editor.querySelector('[onerror]')).toBeNull();
    expect(editor.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(document.body.innerHTML).not.toMatch(/onerror|javascript:/i);
  }, 30_000);
});
