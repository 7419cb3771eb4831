import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveListingDraft } from '../api/listing-draft';
import { DRAFT_SAVE_DELAY_MS, DraftSaver } from './use-draft-saver';

vi.mock('../api/listing-draft', () => ({
  saveListingDraft: vi.fn(() => Promise.resolve({ updatedAt: '2026-11-30T20:00:00Z' })),
}));

const draft = (title: string) => () => ({ type: 1 as const, body: { form: { title } } as never });

describe('DraftSaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(saveListingDraft).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops saying 已保存 as soon as a change waits to be saved', async () => {
    const saver = new DraftSaver();
    saver.schedule(draft('南北通透'));
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(saver.getState()).toBe('saved');
    saver.schedule(draft('南北通透，近学校'));
    expect(saver.getState()).toBe('saving');
    await vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS);
    expect(saver.getState()).toBe('saved');
    expect(vi.mocked(saveListingDraft).mock.calls.map((call) => call[1])).toEqual([
      { form: { title: '南北通透' } },
      { form: { title: '南北通透，近学校' } },
    ]);
  });

  it('sends a waiting change at once when the page is left, as a call that outlives the page', async () => {
    const saver = new DraftSaver();
    saver.schedule(draft('三张照片'));
    saver.flush();
    expect(saveListingDraft).toHaveBeenCalledWith(1, { form: { title: '三张照片' } }, true);
    await vi.runAllTimersAsync();
    expect(saveListingDraft).toHaveBeenCalledTimes(1);
  });
});
