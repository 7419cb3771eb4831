import type { DeviceClass, WebVitalsBeacon } from '@portal/shared/schemas/telemetry';
import type { Metric } from 'web-vitals';
import { paths } from '../config/paths';
import { publicServicesQueryOptions } from './public-services';
import { queryClient } from './query-client';
import { HYDRATED_EVENT } from './ssr-state';

/**
 * Real visits' figures (docs/decisions/0060-real-visit-figures.md): a sampled visit's LCP, INP
 * and CLS, measured by the `web-vitals` library and sent once, when the page is hidden or left,
 * to `POST /api/telemetry/web-vitals` with the page type and the device class — never the
 * address with its query, nothing that names the visitor. The library is loaded only once the
 * page is interactive and idle, so it adds nothing to the first paint or the first tap.
 */

const ENDPOINT = '/api/telemetry/web-vitals';

/** Under 768 px a phone, under 1200 px a tablet (the layout's own breakpoints), else a desktop. */
export function deviceClassOf(width: number): DeviceClass {
  if (width < 768) return 'phone';
  return width < 1200 ? 'tablet' : 'desktop';
}

const PAGE_PATHS = new Map(
  Object.values(paths).map((route) => [route.path.toLowerCase(), route.path]),
);

/**
 * The page type of an address: its route's path as the route table spells it (the router ignores
 * case and one trailing slash), or undefined for an address that is no page of the citizens'
 * site (unknown addresses, the operator console).
 */
export function pageTypeOf(pathname: string): string | undefined {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const page = PAGE_PATHS.get(trimmed.toLowerCase());
  if (!page || page === '/' || page === paths.admin.path || page.startsWith('/admin/')) {
    return undefined;
  }
  return page;
}

type Report = (metric: Metric) => void;
/** What is used of the `web-vitals` library. */
interface WebVitalsModule {
  onLCP(report: Report): void;
  onINP(report: Report, options?: { reportAllChanges?: boolean }): void;
  onCLS(report: Report): void;
}

export interface WebVitalsOptions {
  /**
   * The address the visit landed on: its LCP is that page's; later moves inside the app count
   * towards the same visit (the library measures a document, not a route).
   */
  pathname: string;
  /** Share of visits reported, 0–1 (`GET /api/site/services`). */
  sampleRate: number;
  random?: () => number;
  load?: () => Promise<WebVitalsModule>;
  send?: (body: string) => void;
}

/** Sends with `navigator.sendBeacon` (a plain text body: no preflight), else a keep-alive fetch. */
function sendBeacon(body: string): void {
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body)) return;
  void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

/**
 * Measures this visit when it is drawn into the sample: registers the library's LCP, INP and CLS
 * observers (with `buffered` entries, so what happened before still counts) and sends what they
 * reported whenever the page is hidden or left. Answers whether the visit is measured.
 */
export async function measureWebVitals(options: WebVitalsOptions): Promise<boolean> {
  const page = pageTypeOf(options.pathname);
  if (!page || !((options.random ?? Math.random)() < options.sampleRate)) return false;
  const vitals = await (options.load ?? (() => import('web-vitals')))();
  const send = options.send ?? sendBeacon;
  const device = deviceClassOf(window.innerWidth);
  const pending = new Map<Metric['name'], WebVitalsBeacon['metrics'][number]>();
  const flush = () => {
    if (pending.size === 0) return;
    const beacon: WebVitalsBeacon = { page, device, metrics: [...pending.values()] };
    pending.clear();
    send(JSON.stringify(beacon));
  };
  const take = (metric: Metric) => {
    if (metric.name !== 'LCP' && metric.name !== 'INP' && metric.name !== 'CLS') return;
    pending.set(metric.name, { name: metric.name, value: metric.value, rating: metric.rating });
    // Reported while the page is being hidden: the library's own listener ran first.
    if (document.visibilityState === 'hidden') queueMicrotask(flush);
  };
  vitals.onLCP(take);
  // INP as it grows: the library works out interactions when the page is idle, and on leaving it
  // may put that off until after the page is gone, losing the visit's INP (so the p75 would
  // count only visits that stayed). The latest value waits in `pending` until the page hides.
  vitals.onINP(take, { reportAllChanges: true });
  vitals.onCLS(take);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  return true;
}

/** Resolves once React has taken over the page (`data-hydrated`, app/early). */
function whenHydrated(): Promise<void> {
  if (document.documentElement.dataset.hydrated !== undefined) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener(HYDRATED_EVENT, () => resolve(), { once: true }),
  );
}

function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    } else {
      setTimeout(resolve, 1000);
    }
  });
}

/**
 * Starts real visits' figures after the page is interactive: React has taken over, the load
 * event has passed and the main thread is idle; then the sampling rate is read and, for a
 * visit in the sample, the library loaded. Failures are silent: measuring never breaks a page.
 */
export function installWebVitals(): void {
  const { pathname } = window.location;
  void (async () => {
    await whenHydrated();
    await whenLoaded();
    await whenIdle();
    const services = await queryClient.fetchQuery(publicServicesQueryOptions());
    await measureWebVitals({ pathname, sampleRate: services.webVitalsSampleRate });
  })().catch(() => undefined);
}
