import type { Notice } from '@portal/shared/schemas/notices';
import { describe, expect, it } from 'vitest';
import { noticeHref } from './notice-href';

const notice = (bizType: string, bizId: number | null): Notice => ({
  id: 1,
  noticeContent: '通知',
  createdTime: '2026-01-01T00:00:00.000Z',
  bizType,
  bizId,
  read: false,
});

describe('where a notice leads', () => {
  it('links orders, listings, feedback and projects to their pages, and nothing else', () => {
    expect(noticeHref(notice('order', 7))).toBe('/myOrderDetails?id=7');
    expect(noticeHref(notice('second_house', 12))).toBe('/detailscs?id=12');
    expect(noticeHref(notice('feedback', 3))).toBe('/feedbackDetails?id=3');
    expect(noticeHref(notice('project', 9))).toBe('/houseHome?id=9');
    expect(noticeHref(notice('system', null))).toBeNull();
    expect(noticeHref(notice('chat', 4))).toBeNull();
    expect(noticeHref(notice('order', null))).toBeNull();
  });
});
