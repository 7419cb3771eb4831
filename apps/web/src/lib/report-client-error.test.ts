import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from './report-client-error';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reportClientError', () => {
  it('posts the failure to the telemetry endpoint', () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    reportClientError('chunk-load', new Error('Failed to fetch dynamically imported module'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/telemetry/client-errors');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      kind: 'chunk-load',
      message: 'Failed to fetch dynamically imported module',
    });
    expect(body.url).toContain('http');
  });

  it('never throws, even when the network fails', () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect(() => reportClientError('runtime', 'boom')).not.toThrow();
  });

  it('stops after ten reports per page load', () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    for (let i = 0; i < 20; i += 1) reportClientError('runtime', `error ${i}`);
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(10);
  });
});
