import { isPageCode, type PageCode } from '@portal/shared/page-code';
import { startEarlyRequest } from '../../lib/early-requests';
import { toOssUrl } from '../../lib/oss-url';
import { ROUTE_CODE_KEY } from '../../lib/route-code';
import { PAGE_CODE_ID, SSR_MARKER } from '../../lib/ssr-state';
import { inBatches } from './in-batches';
import { keepEarlyInput } from './keep-early-input';
import { reportLayout } from './layout-guess';
import { earlyReadsOf } from './page-reads';

/*
 * The boot script (docs/decisions/0018): built on its own, without imports, and run by the page
 * as soon as it arrives, before the app's code. For the page in the address bar it starts
 *  - the page's own code and styles (the router would ask for them only once the app runs),
 *  - the reads of its first screen, which the api client takes over (lib/early-requests),
 *  - the pictures those answers name for the first screen, with high priority.
 * On a page the server rendered it also starts the app's own code, once the page has been
 * painted (docs/decisions/0050-first-paint-before-code.md).
 */

/**
 * The app's entry chunk and the chunks it imports, and the chunks of the start's later steps
 * (docs/decisions/0078-the-start-in-steps.md); null when the dev server serves the source.
 */
declare const __APP_CODE__: { code: string; deps: string[]; steps: string[] } | null;

/**
 * The built chunk of each page of the page table's `EARLY_READ_PAGE_IDS`, by address, with the
 * chunks and style sheets it needs beyond those index.html loads.
 */
declare const __PAGE_CODE__: Readonly<Record<string, PageCode>>;

/**
 * The address of the build's list of every page's chunks, which the app preloads when it opens a
 * page (lib/route-code.ts); null when the dev server serves the source.
 */
declare const __ROUTE_CODE__: string | null;

/**
 * The code the server named in a page it rendered: every server-rendered page's, not only the
 * early-read pages' the boot script carries (docs/decisions/0079-the-take-over-without-a-time-zone-name.md).
 */
function renderedPageCode(): PageCode | undefined {
  try {
    const named: unknown = JSON.parse(document.getElementById(PAGE_CODE_ID)?.textContent ?? 'null');
    return isPageCode(named) ? named : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A preload link. Code and style sheets are fetched in CORS mode like Vite's own loader asks for
 * them (otherwise the browser fetches them twice); pictures like the page's <img> elements.
 */
function preload(href: string, as: 'image' | 'style' | 'script'): void {
  const link = document.createElement('link');
  link.rel = as === 'script' ? 'modulepreload' : 'preload';
  if (as === 'image') link.fetchPriority = 'high';
  else link.crossOrigin = '';
  if (as !== 'script') link.as = as;
  link.href = href;
  document.head.append(link);
}

/**
 * Preloads of code and style sheets, added a few per task: a page starts some eighty of them, and
 * added at once they held a phone's main thread for a third of a second
 * (docs/decisions/0078-the-start-in-steps.md).
 */
const preloadCode = inBatches<[href: string, as: 'style' | 'script']>(8, ([href, as]) =>
  preload(href, as),
);

function preloadPictures(paths: (string | null | undefined)[]): void {
  for (const path of paths) {
    const href = toOssUrl(path);
    if (href) preload(href, 'image');
  }
}

const { pathname, search } = window.location;
// A page the server rendered carries its answers (docs/decisions/0048): no early reads.
const renderedOnServer = document.querySelector(`meta[name="${SSR_MARKER}"]`) !== null;
/** Starts the page's first reads and keeps early taps. */
function startReads(): void {
  const reads = renderedOnServer ? [] : earlyReadsOf(pathname, new URLSearchParams(search));
  // Its buttons show before the app runs: taps on them are kept until it does.
  if (renderedOnServer) keepEarlyInput();
  for (const { url, pictures } of reads) {
    startEarlyRequest(
      url,
      pictures &&
        ((data) => {
          try {
            preloadPictures(pictures(data));
          } catch {
            // An answer of an unexpected shape names no pictures; the page reports it.
          }
        }),
    );
  }
}

/** Starts the page's own code (and, on a rendered page, the app's). */
function startCode(): void {
  if (renderedOnServer && __APP_CODE__) {
    // index.html's module script and preload links, which the server leaves out of a rendered
    // page so that they do not share the first paint's bandwidth.
    import(/* @vite-ignore */ `/${__APP_CODE__.code}`).catch((error: unknown) => {
      console.error('the app failed to load', error);
    });
    __APP_CODE__.deps.forEach((file) => preloadCode([`/${file}`, 'script']));
  }
  // The entry imports the rest of the app one step at a time; all of it downloads now.
  __APP_CODE__?.steps.forEach((file) => preloadCode([`/${file}`, 'script']));
  const page = __PAGE_CODE__[pathname] ?? (renderedOnServer ? renderedPageCode() : undefined);
  if (page) {
    // The same module the router asks for later; a failure is handled there (lazyWithReload).
    import(/* @vite-ignore */ `/${page.code}`).catch(() => undefined);
    // Its imports all at once rather than level by level; Vite's loader then finds them linked
    // and skips the work when the router asks for the page. A rendered page has its style
    // sheets in it already.
    for (const file of page.deps) {
      if (!file.endsWith('.css')) preloadCode([`/${file}`, 'script']);
      else if (!renderedOnServer) preloadCode([`/${file}`, 'style']);
    }
  }
}

/**
 * Runs `start` once the page has been parsed and the next frame drawn: the page's first paint,
 * which needs nothing but the HTML, is not kept waiting by the code's downloads. A page in a
 * background tab draws no frames: there it runs at once.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden') {
    once();
    return;
  }
  // A tab hidden before that frame draws none; the code starts anyway.
  document.addEventListener('visibilitychange', once, { once: true });
  const afterFrame = () => requestAnimationFrame(() => setTimeout(once, 0));
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterFrame, { once: true });
  } else {
    afterFrame();
  }
}

// The window's layout, for the server to draw the next pages by (docs/decisions/0059-layout-guess.md).
reportLayout();
if (__ROUTE_CODE__) document.documentElement.dataset[ROUTE_CODE_KEY] = __ROUTE_CODE__;
startReads();
// A page the server rendered is complete and styled as it arrives: its first paint comes before
// any code. A page drawn in the browser needs its code at once.
if (renderedOnServer) afterFirstPaint(startCode);
else startCode();
