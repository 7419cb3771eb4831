import AxeBuilder from '@axe-core/playwright';
import {
  type BrowserContext,
  expect,
  type Page,
  type Request,
  test as base,
} from '@playwright/test';
import { PHONE } from './phone-helpers';
import { addSessionCookies, dropSessionCookies } from './session-helpers';
import {
  addressOf,
  findSeededIds,
  needsSignIn,
  registeredRoutes,
  type SeededIds,
  signInThroughApi,
} from './site-routes';

/*
 * What the two whole-site files (`every-page-at-phone-widths.spec.ts`,
 * `every-page-at-desktop-widths.spec.ts`) share: a buyer signed in once per worker, the route
 * list, and the checks a visited page must pass. The rules are in
 * docs/decisions/0027-responsive-shell.md.
 */

export const test = base.extend<object, { buyerToken: string; seededIds: SeededIds }>({
  // Signed in once per worker, through the API.
  buyerToken: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await signInThroughApi(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  seededIds: [
    async ({ playwright, buyerToken }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await findSeededIds(request, buyerToken));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

/** The operator console (/admin) is desktop-first and left out. */
export const citizenRoutes = registeredRoutes().filter((route) => route.layout !== 'admin');

/** One visit per page and full width; the further widths only resize the page already shown. */
export interface Width {
  width: number;
  height: number;
  isPhone: boolean;
  /** Further widths checked by resizing the same page: no sideways scroll, nothing cut off. */
  alsoAt: readonly number[];
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Signs the shared page in or out (the session cookies) before a visit. */
export async function setSignedIn(page: Page, token: string | null): Promise<void> {
  if (token) await addSessionCookies(page.context(), token);
  else await dropSessionCookies(page);
}

/** Puts the shown page into 长辈版 or out of it, as the server's mark on <html> does. */
async function setCareMode(page: Page, isOn: boolean): Promise<void> {
  await page.evaluate((on) => {
    if (on) document.documentElement.setAttribute('data-care', '1');
    else document.documentElement.removeAttribute('data-care');
  }, isOn);
}

/** One line per serious or critical finding: rule, impact, and the first elements it names. */
async function seriousFindings(page: Page): Promise<string[]> {
  // Content the browser skips while out of view (`content-visibility: auto`, the building
  // table's floors) keeps stale boxes, so axe would measure text outside its coloured cell
  // (docs/testing.md): for the audit, every part of the page is laid out.
  const allLaidOut = await page.addStyleTag({
    content: '* { content-visibility: visible !important; }',
  });
  // Only the violations are collected: the passes are not reported and take time to gather.
  const { violations } = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  await allLaidOut.evaluate((style) => (style as Element).remove());
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .join('; ');
      return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${nodes}`;
    });
}

/** The controls a person taps: links, buttons, fields, and the ARIA roles that act like them. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="option"]',
  '[role="menuitem"]',
  '.ant-pagination-item',
].join(', ');

/**
 * Controls that a page cuts off at the window's left or right edge, where no box of their own
 * scrolls or clips them (a strip that scrolls sideways, a carousel): those could not be reached.
 */
async function cutOffControls(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      let clipped = false;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.position === 'fixed') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      found.push(
        `${element.tagName.toLowerCase()} "${name.slice(0, 20)}" at ${Math.round(box.left)}–${Math.round(box.right)}`,
      );
    }
    return found;
  }, CONTROLS);
}

/**
 * Links and forms that open a new window (`target` other than `_self`), visible ones only, and
 * the addresses the page passed to `window.open` so far (recorded by `recordWindowOpen`): on a
 * phone a new tab is a page Back cannot return from
 * (docs/decisions/0054-phone-navigation-and-floating-buttons.md).
 */
async function newWindowOpeners(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>('a[target], area[target], form[target]'),
    )) {
      const target = element.getAttribute('target') ?? '';
      if (target === '' || target === '_self' || target === '_top' || target === '_parent')
        continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      found.push(`${element.tagName.toLowerCase()} "${name.slice(0, 20)}" target=${target}`);
    }
    const opened = (window as unknown as { __portalWindowOpens?: string[] }).__portalWindowOpens;
    for (const address of opened ?? []) found.push(`window.open(${address})`);
    return found;
  });
}

/** Records every `window.open` of the pages of `context` (read by `newWindowOpeners`). */
export async function recordWindowOpen(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const opens: string[] = [];
    (window as unknown as { __portalWindowOpens: string[] }).__portalWindowOpens = opens;
    const open = window.open.bind(window);
    window.open = (url?: string | URL, ...rest) => {
      opens.push(String(url ?? ''));
      return open(url, ...rest);
    };
  });
}

/**
 * Floating elements that lie over the page's controls or text (its results, dates, figures):
 * every visible fixed-position element narrower than the window (a floating button; bars across
 * the whole width are the page's own and reserve their room) at the current scroll position, and
 * with `withBars`, the bottom tab bar too — used at the end of the page, where the page must
 * have left room under its last line for it.
 */
export async function coveringFloats(page: Page, withBars: boolean): Promise<string[]> {
  return page.evaluate(
    ({ selector, withBars }) => {
      const width = document.documentElement.clientWidth;
      const isOverlay = (element: Element) =>
        element.closest(
          '[role="dialog"], .ant-modal-root, .ant-drawer, .ant-popover, .ant-dropdown, .ant-tooltip, .ant-message, .ant-notification, .leaflet-container',
        ) !== null;
      const floats: HTMLElement[] = [];
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const style = getComputedStyle(element);
        if (style.position !== 'fixed' || isOverlay(element)) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const box = element.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue;
        const isBar = box.width >= width * 0.8;
        if (isBar && !(withBars && element.matches('[data-bottom-tab-bar]'))) continue;
        if (floats.some((outer) => outer.contains(element))) continue;
        floats.push(element);
      }
      if (floats.length === 0) return [];
      const underneath: HTMLElement[] = [];
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        if (floats.some((float) => float.contains(element) || element.contains(float))) continue;
        const ownText = Array.from(element.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        if (!ownText && !element.matches(selector)) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        if (element.closest('.visually-hidden') || isOverlay(element)) continue;
        underneath.push(element);
      }
      const found: string[] = [];
      for (const float of floats) {
        const f = float.getBoundingClientRect();
        for (const element of underneath) {
          const e = element.getBoundingClientRect();
          const overlapX = Math.min(f.right, e.right) - Math.max(f.left, e.left);
          const overlapY = Math.min(f.bottom, e.bottom) - Math.max(f.top, e.top);
          if (overlapX <= 1 || overlapY <= 1) continue;
          const floatName = (float.getAttribute('aria-label') ?? float.textContent ?? '').trim();
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
          found.push(
            `"${floatName.slice(0, 12)}" covers ${element.tagName.toLowerCase()} "${name.slice(0, 16)}"`,
          );
          if (found.length >= 8) return found;
        }
      }
      return found;
    },
    { selector: CONTROLS, withBars },
  );
}

/**
 * Buttons and tabs whose label is cut (a box of the label narrower than its text and clipping it,
 * as "订约金缴纳" once read "订约金缴"): a label must show whole at every phone width.
 */
async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], [role="tab"], .ant-btn',
    );
    for (const control of Array.from(controls)) {
      if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (control.closest('.visually-hidden')) continue;
      for (const part of [control, ...Array.from(control.querySelectorAll<HTMLElement>('*'))]) {
        const style = getComputedStyle(part);
        if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
        const hasText = Array.from(part.childNodes).some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        if (!hasText || part.scrollWidth <= part.clientWidth + 1) continue;
        found.push(`"${(control.textContent ?? '').trim().slice(0, 16)}"`);
        break;
      }
      if (found.length >= 8) break;
    }
    return found;
  });
}

/**
 * No label cut, and no floating element over the page's controls or text, at the top and at the
 * end of the page.
 */
async function checkFloats(page: Page, address: string, width: number): Promise<void> {
  expect.soft(await clippedLabels(page), `${address} at ${width} px: labels cut`).toEqual([]);
  expect
    .soft(
      await coveringFloats(page, false),
      `${address} at ${width} px: floating elements at the top`,
    )
    .toEqual([]);
  // To the end, again while the page grows as it is scrolled (parts drawn near the viewport).
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settle(page);
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atEnd) break;
  }
  expect
    .soft(
      await coveringFloats(page, true),
      `${address} at ${width} px: floating elements at the end`,
    )
    .toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Lets the layout follow a resize: two frames, then a short settle for observers. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
}

/**
 * Follows the page's requests, leaving out the live streams (the building table's event stream,
 * the chat socket) that stay open as long as the page does: Playwright's `networkidle` never
 * comes on a page that holds one, so waiting for it cost its whole time-out there.
 */
function trackRequests(page: Page): { quiet: (timeout: number) => Promise<void> } {
  const inFlight = new Set<Request>();
  const live = new Set(['eventsource', 'websocket']);
  page.on('request', (request) => {
    if (!live.has(request.resourceType())) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    /** Resolves once no request has been in flight for 500 ms, or after `timeout` ms. */
    async quiet(timeout) {
      const deadline = Date.now() + timeout;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (inFlight.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 500) return;
        await page.waitForTimeout(50);
      }
    },
  };
}

/** The document's width and the controls cut off, at the page's current window width. */
async function checkFits(page: Page, address: string, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${address} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  expect
    .soft(await cutOffControls(page), `${address} at ${width} px: controls cut off`)
    .toEqual([]);
}

/**
 * Tap targets below 44 × 44 px (WCAG 2.5.5). The target is the control's box; for a checkbox or
 * radio its label, for an antd tab the whole tab, and for a field the antd frame drawn around it.
 * Links (and buttons drawn as links) inside running text are exempt (WCAG's inline exception):
 * an inline one whose block has words of its own as well.
 */
async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const seen = new Set<Element>();
    const inlineInText = (element: HTMLElement): boolean => {
      if (element.tagName !== 'A' && element.tagName !== 'BUTTON') return false;
      if (!getComputedStyle(element).display.startsWith('inline')) return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) {
        block = block.parentElement;
      }
      if (!block) return false;
      // The block's own words, outside every link and button, less separators and spaces.
      const words = Array.from(block.childNodes)
        .map((child) =>
          child.nodeType === Node.TEXT_NODE
            ? child.textContent
            : child instanceof HTMLElement && !child.matches('a, button, [role="button"]')
              ? child.innerText
              : '',
        )
        .join('')
        .replace(/[\s/|·,，、>›»:：()（）-]+/g, '');
      return words.length >= 2;
    };
    for (const control of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (
        (control as HTMLButtonElement).disabled ||
        control.getAttribute('aria-disabled') === 'true'
      ) {
        continue;
      }
      if (control.closest('[aria-hidden="true"], [inert]')) continue;
      const target =
        control.closest<HTMLElement>(
          'label, .ant-tabs-tab, .ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker, .ant-input-search',
        ) ?? control;
      if (seen.has(target)) continue;
      seen.add(target);
      if (!target.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      const box = target.getBoundingClientRect();
      // Visually hidden (the skip link until it is focused) or drawn by its label instead.
      if (box.width <= 2 || box.height <= 2) continue;
      if (inlineInText(control)) continue;
      // Half a pixel for sub-pixel layout (a 44 px control can measure 43.6).
      if (box.width >= 43.5 && box.height >= 43.5) continue;
      const name = (
        control.getAttribute('aria-label') ??
        control.textContent ??
        control.getAttribute('placeholder') ??
        ''
      ).trim();
      const classes = typeof target.className === 'string' ? target.className.split(' ')[0] : '';
      found.push(
        `${target.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${name.slice(0, 16)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  }, CONTROLS);
}

/**
 * Text drawn below 14 px. Small print that is not body text is exempt: marked
 * `data-small-print` (the footer's disclaimer), antd's tags and badge counts, the captions of
 * the round floating buttons, and the labels inside charts (drawn in SVG or on a canvas).
 */
async function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Map<string, number>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent) continue;
      if (
        parent.closest(
          '[data-small-print], .ant-badge-count, .ant-tag, .portal-floating, svg, [aria-hidden="true"], .visually-hidden, script, style, noscript',
        )
      ) {
        continue;
      }
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size >= 14) continue;
      const classes = typeof parent.className === 'string' ? parent.className.split(' ')[0] : '';
      const key = `${parent.tagName.toLowerCase()}${classes ? `.${classes}` : ''} ${size}px "${text.slice(0, 12)}"`;
      found.set(key, (found.get(key) ?? 0) + 1);
    }
    return [...found.keys()].slice(0, 12);
  });
}

/** One test per citizen page at one full width, in one browser context shared by the file. */
export function describeEveryPage(size: Width): void {
  test.describe(`every citizen page at ${size.width} px`, () => {
    let context: BrowserContext;
    let page: Page;
    let requests: ReturnType<typeof trackRequests>;

    test.beforeAll(async ({ browser }, testInfo) => {
      const { baseURL, locale, timezoneId } = testInfo.project.use;
      context = await browser.newContext({
        baseURL,
        locale,
        timezoneId,
        viewport: { width: size.width, height: size.height },
        isMobile: size.isPhone,
        hasTouch: size.isPhone,
        // A phone says it is one: the server draws its pages for the phone's width.
        ...(size.isPhone ? { userAgent: PHONE.userAgent } : {}),
      });
      if (size.isPhone) await recordWindowOpen(context);
      page = await context.newPage();
      requests = trackRequests(page);
      await page.goto('/404');
    });

    test.afterAll(async () => {
      await context.close();
    });

    for (const route of citizenRoutes) {
      const widths = [size.width, ...size.alsoAt].join(', ');
      test(`${route.key} fits ${widths} px and has no serious accessibility finding`, async ({
        buyerToken,
        seededIds,
      }) => {
        const address = addressOf(route.key, seededIds);
        await page.setViewportSize({ width: size.width, height: size.height });
        await setSignedIn(page, needsSignIn(route) ? buyerToken : null);
        await page.goto(address);
        await requests.quiet(5000);
        // The page as the reader uses it: taken over by the app (a rendered page first shows
        // what the server drew).
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

        await checkFits(page, address, size.width);
        expect.soft(await seriousFindings(page), `${address} at ${size.width} px`).toEqual([]);
        // One level-one heading names the page (visually hidden where a tab or step bar shows
        // the title); axe only asks for at least one.
        expect.soft(await page.locator('h1').count(), `${address} at ${size.width} px: h1`).toBe(1);
        if (size.isPhone) {
          expect
            .soft(await smallTapTargets(page), `${address} at ${size.width} px: tap targets`)
            .toEqual([]);
          expect
            .soft(await smallText(page), `${address} at ${size.width} px: text below 14 px`)
            .toEqual([]);
          expect
            .soft(await newWindowOpeners(page), `${address} at ${size.width} px: new windows`)
            .toEqual([]);
          await checkFloats(page, address, size.width);
        }

        // 长辈版 (docs/product/accessibility.md): the same page in the mode, which is styles
        // only (the server marks <html>, as here): it still fits and axe still finds nothing.
        await setCareMode(page, true);
        await settle(page);
        await checkFits(page, `${address} (长辈版)`, size.width);
        expect
          .soft(await seriousFindings(page), `${address} at ${size.width} px in 长辈版`)
          .toEqual([]);
        await setCareMode(page, false);

        for (const width of size.alsoAt) {
          await page.setViewportSize({ width, height: size.height });
          await settle(page);
          await checkFits(page, address, width);
          if (size.isPhone) await checkFloats(page, address, width);
        }
        // Text at 200 %: the window's CSS width halves, as a 200 % browser zoom does
        // (WCAG 1.4.4; 1.4.10 asks for 320 px, the phone file's narrowest width), in both modes.
        if (!size.isPhone) {
          const zoomed = size.width / 2;
          await page.setViewportSize({ width: zoomed, height: size.height / 2 });
          for (const isCare of [false, true]) {
            await setCareMode(page, isCare);
            await settle(page);
            await checkFits(page, `${address} at 200 %${isCare ? ' (长辈版)' : ''}`, zoomed);
          }
          await setCareMode(page, false);
        }
      });
    }
  });
}
