import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, apiPost } from './api-client';
import { EARLY_MAX_AGE_MS, startEarlyRequest, takeEarlyResponse } from './early-requests';
import { CSRF_COOKIE } from './session-cookie';

const envelope = (data: unknown) => Response.json({ code: '000000', message: '操作成功', data });

describe('early requests', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async (input: RequestInfo | URL) => envelope({ url: String(input) }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    window.portalEarlyReads?.clear();
  });

  it('hands an early read to the first identical GET of the api client, once', async () => {
    startEarlyRequest('/api/news/headlines');
    expect(await apiGet('/api/news/headlines')).toEqual({ url: '/api/news/headlines' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await apiGet('/api/news/headlines');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends the headers the api client sends, leaving the session to its cookie', async () => {
    document.cookie = `${CSRF_COOKIE}=abc; Path=/`;
    startEarlyRequest('/api/projects/7');
    const headers = new Headers((fetchMock.mock.calls[0]?.[1] as RequestInit).headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('is not used by another session or after it has grown old', async () => {
    document.cookie = `${CSRF_COOKIE}=abc; Path=/`;
    startEarlyRequest('/api/projects/7');
    expect(takeEarlyResponse('/api/projects/7', 'other')).toBeUndefined();

    vi.useFakeTimers();
    startEarlyRequest('/api/projects/8');
    vi.advanceTimersByTime(EARLY_MAX_AGE_MS + 1);
    expect(takeEarlyResponse('/api/projects/8', 'abc')).toBeUndefined();
  });

  it('is never used for a request that changes something', async () => {
    startEarlyRequest('/api/projects/7/group-buy');
    await apiPost('/api/projects/7/group-buy', { name: '赵一' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1]?.[1] as RequestInit).method).toBe('POST');
  });

  it('gives the answer to a reader and still to the api client', async () => {
    const seen = vi.fn();
    startEarlyRequest('/api/content/banners', seen);
    expect(await apiGet('/api/content/banners')).toEqual({ url: '/api/content/banners' });
    await vi.waitFor(() => expect(seen).toHaveBeenCalledWith({ url: '/api/content/banners' }));
  });

  it('lets a failed early read fail the api call as a network failure would', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRequest('/api/news/headlines');
    await expect(apiGet('/api/news/headlines')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
