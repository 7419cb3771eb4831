import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { deviceClassOf, measureWebVitals, pageTypeOf } from './web-vitals-reporter';

type Callback = (metric: Metric) => void;

function fakeLibrary() {
  const callbacks: Callback[] = [];
  const register = (callback: Callback) => {
    callbacks.push(callback);
  };
  return {
    callbacks,
    load: vi.fn(async () => ({ onLCP: register, onINP: register, onCLS: register })),
    report: (name: Metric['name'], value: number, rating: Metric['rating'] = 'good') => {
      for (const callback of callbacks) callback({ name, value, rating } as Metric);
    },
  };
}

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('page type and device class', () => {
  it('names a page by its route path, never its query, and leaves out the console', () => {
    expect(pageTypeOf('/houseHome')).toBe('/houseHome');
    expect(pageTypeOf('/househome/')).toBe('/houseHome');
    expect(pageTypeOf('/no-such-page')).toBeUndefined();
    expect(pageTypeOf('/admin/orders')).toBeUndefined();
    expect(pageTypeOf('/')).toBeUndefined();
  });

  it('tells phones, tablets and desktops by the window width', () => {
    expect(deviceClassOf(375)).toBe('phone');
    expect(deviceClassOf(800)).toBe('tablet');
    expect(deviceClassOf(1440)).toBe('desktop');
  });
});

describe('measureWebVitals', () => {
  it('loads nothing for a visit outside the sample', async () => {
    const library = fakeLibrary();
    const measured = await measureWebVitals({
      pathname: '/newHouse',
      sampleRate: 0.1,
      random: () => 0.5,
      load: library.load,
    });
    expect(measured).toBe(false);
    expect(library.load).not.toHaveBeenCalled();
  });

  it('sends the figures once when the page is hidden, with page type and device only', async () => {
    const library = fakeLibrary();
    const send = vi.fn();
    const measured = await measureWebVitals({
      pathname: '/houseHome',
      sampleRate: 1,
      load: library.load,
      send,
    });
    expect(measured).toBe(true);
    library.report('LCP', 1234.5);
    library.report('INP', 180);
    library.report('INP', 240, 'needs-improvement');
    expect(send).not.toHaveBeenCalled();
    hide();
    library.report('CLS', 0.02);
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(2);
    const first = JSON.parse(send.mock.calls[0]?.[0] as string);
    expect(first).toEqual({
      page: '/houseHome',
      device: deviceClassOf(window.innerWidth),
      metrics: [
        { name: 'LCP', value: 1234.5, rating: 'good' },
        { name: 'INP', value: 240, rating: 'needs-improvement' },
      ],
    });
    expect(JSON.parse(send.mock.calls[1]?.[0] as string).metrics).toEqual([
      { name: 'CLS', value: 0.02, rating: 'good' },
    ]);
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('measures nothing on an address that is no citizen page', async () => {
    const library = fakeLibrary();
    expect(await measureWebVitals({ pathname: '/admin', sampleRate: 1, load: library.load })).toBe(
      false,
    );
    expect(library.load).not.toHaveBeenCalled();
  });
});
