import { layoutOf } from '@portal/shared/constants/viewport';
import { HYDRATED_EVENT, SSR_STATE_ID } from '../../lib/ssr-state';

/*
 * On a page the server rendered, the buttons and fields are on screen before the app's code has
 * run: a tap on a filter, 登录, 收藏 or 计算 in those first moments would reach a button React has
 * not taken over yet and do nothing, and what is typed into a field would show there while the
 * app's form still holds it empty. The boot script (which runs before the app) notes each text
 * field typed into, before or after it ran, and hands its text to the app as if typed again once
 * React has taken the field over; the reader types on meanwhile and sees every key. It keeps
 * taps, form sends and Enter keys and does them, in their order, once React has the page
 * (docs/decisions/0048-server-rendered-public-pages.md, docs/decisions/0057). A tapped control
 * shows itself pressed at once (`data-early-tap`, global.css) until its tap is done; taps
 * repeated on the same control meanwhile (a reader tapping again because nothing seemed to
 * happen) are done once, not once each. Plain links are left alone: the browser follows them
 * itself and the next page is rendered by the server too.
 */

/** On `<html>` while taps are kept: until then the page takes taps only on links (global.css). */
export const KEEPING_MARK = 'data-early-input';

/**
 * Whether the page was drawn for this window's layout. When the server's guess from the user
 * agent was wrong, React redraws the page for the real width right after taking it over, and a
 * kept tap could land on a control that is no longer there: taps then wait for the take-over.
 */
function drawnForThisWindow(): boolean {
  const drawnFor = Number(document.getElementById(SSR_STATE_ID)?.dataset.viewportWidth);
  return drawnFor > 0 && layoutOf(drawnFor) === layoutOf(window.innerWidth);
}

/** The mark of a control whose tap is kept: shown pressed until the tap is done (global.css). */
export const EARLY_TAP_MARK = 'data-early-tap';

/** Where a kept element sits under #root, child index by child index, to find it again. */
type TreePath = number[];

interface Kept {
  element: Element;
  path: TreePath;
  /** A tap, a form send, an Enter key in a field, or a field typed into (its text handed over). */
  kind: 'click' | 'submit' | 'enter' | 'value';
  /**
   * For a field typed into: its text as the reader last typed it. Kept here, not read from the
   * field at the hand-over: a component may set its field back to its own (empty) state when it
   * is taken over, before the text is handed to it.
   */
  text?: string;
}

/** A field whose text the reader types (not a checkbox, radio or button, whose taps are kept). */
function isTypedField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element instanceof HTMLTextAreaElement) return true;
  if (!(element instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'image', 'hidden'].includes(
    element.type,
  );
}

/**
 * Tags that are not part of the page's drawing: the server puts React's preload links (a picture
 * marked high priority) at the top of #root, and a page drawn afresh has them in the head
 * instead. Paths skip them so that a control has the same path in both drawings.
 */
const NOT_DRAWN = new Set(['LINK', 'STYLE', 'SCRIPT', 'META', 'TITLE', 'NOSCRIPT', 'TEMPLATE']);

function drawnChildren(parent: Element): Element[] {
  return Array.from(parent.children).filter((child) => !NOT_DRAWN.has(child.tagName));
}

function pathOf(element: Element, root: Element): TreePath | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(drawnChildren(parent).indexOf(node));
    node = parent;
  }
  return node === root ? path : null;
}

function elementAt(root: Element, path: TreePath): Element | null {
  let node: Element | undefined = root;
  for (const index of path) {
    node = node ? drawnChildren(node)[index] : undefined;
    if (!node) return null;
  }
  return node ?? null;
}

/** A link the browser follows by itself: it has an address, and not an in-page or script one. */
function followedByBrowser(element: Element): boolean {
  const link = element.closest('a[href]');
  if (!link) return false;
  const href = link.getAttribute('href') ?? '';
  return !href.startsWith('#') && !href.toLowerCase().startsWith('javascript:');
}

/**
 * Keeps taps, form sends and Enter keys inside #root, and notes the fields typed into, until the
 * app has taken over the page; then replays them.
 */
export function keepEarlyInput(): void {
  const root = document.getElementById('root');
  if (!root || 'hydrated' in document.documentElement.dataset) return;
  const kept: Kept[] = [];
  let hydrated = false;
  let replaying = false;
  const drain = () => {
    if (replaying) return;
    replaying = true;
    replay(kept, root, 0, () => (replaying = false));
  };
  const inRoot = (event: Event) =>
    event.target instanceof Element && root.contains(event.target) ? event.target : null;
  const remember = (element: Element, kind: Kept['kind'], text?: string) => {
    const path = pathOf(element, root);
    if (path) kept.push({ element, path, kind, text });
    return path !== null;
  };

  const keep = (event: Event, kind: 'click' | 'submit') => {
    const target = inRoot(event);
    if (!target || replayingEvent) return;
    if (kind === 'click' && followedByBrowser(target)) return;
    const element =
      kind === 'submit'
        ? target
        : (target.closest(
            'button, [role="button"], [role="tab"], [role="checkbox"], label, input, a',
          ) ?? target);
    // After the take-over only taps on a part still waiting for its code (a lazy part) are kept,
    // and taps that come while kept ones are still being done, which wait their turn.
    if (hydrated && takenOver(element) && kept.length === 0 && !replaying) return;
    if (kind === 'submit') {
      // Enter in a field of a form sends the form: the send is kept, not the key as well.
      const last = kept[kept.length - 1];
      if (last?.kind === 'enter' && target.contains(last.element)) kept.pop();
    }
    // The same control tapped again while its first tap waits: one tap, not two.
    const last = kept[kept.length - 1];
    if (kind === 'click' && last?.kind === 'click' && last.element === element) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (!remember(element, kind)) return;
    if (kind === 'click') element.setAttribute(EARLY_TAP_MARK, '');
    event.preventDefault();
    event.stopImmediatePropagation();
    if (hydrated) drain();
  };
  const onClick = (event: Event) => keep(event, 'click');
  const onSubmit = (event: Event) => keep(event, 'submit');
  // The text stays in the field for the reader to see; the app is handed it on take-over. After
  // the take-over, only text typed into a field still waiting for its code (a lazy part).
  const onInput = (event: Event) => {
    const target = inRoot(event);
    if (!target || !isTypedField(target)) return;
    if (hydrated && takenOver(target)) return;
    const typed = kept.find((entry) => entry.kind === 'value' && entry.element === target);
    if (typed) typed.text = target.value;
    else if (remember(target, 'value', target.value) && hydrated) drain();
  };
  const onKeyDown = (event: Event) => {
    const target = inRoot(event);
    if (!target || !isTypedField(target) || (event as KeyboardEvent).key !== 'Enter') return;
    if ((event as KeyboardEvent).isComposing) return;
    remember(target, 'enter');
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  // The width the page was drawn for is named at the end of the page.
  const startKeeping = () => {
    if (!hydrated && drawnForThisWindow()) document.documentElement.setAttribute(KEEPING_MARK, '');
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startKeeping, { once: true });
  } else startKeeping();
  document.addEventListener('input', onInput, true);
  document.addEventListener('keydown', onKeyDown, true);
  // Text typed before this script ran.
  for (const field of Array.from(root.querySelectorAll('input, textarea'))) {
    if (isTypedField(field) && field.value !== field.defaultValue) {
      remember(field, 'value', field.value);
    }
  }

  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      hydrated = true;
      document.documentElement.removeAttribute(KEEPING_MARK);
      document.removeEventListener('keydown', onKeyDown, true);
      // Once the page's own effects (its subscriptions and listeners) have run.
      setTimeout(drain);
      setTimeout(() => {
        document.removeEventListener('click', onClick, true);
        document.removeEventListener('submit', onSubmit, true);
        document.removeEventListener('input', onInput, true);
      }, TAKE_OVER_WAIT_MS);
    },
    { once: true },
  );
}

/**
 * Hands a field's text to the app as if it had just been typed. React notes the last value it
 * saw on the field itself and reports a change only when the field's value differs from it: the
 * value is first set through the field (React notes it), then through the element's own setter
 * (React does not), and the input event that follows carries the typed text.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  const setValue = Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set;
  if (!setValue) return;
  field.value = text === '' ? ' ' : '';
  setValue.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** How long a kept tap waits for its part of the page to be taken over before it is done anyway. */
const TAKE_OVER_WAIT_MS = 8000;

/**
 * Whether React has taken over `element`: it marks each element it hydrates with its own
 * properties. A part of the page whose code is still loading (a lazy component) is taken over
 * after the rest, and a tap done on it before then would be lost again.
 */
function takenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/** True while a kept tap or send is being done again, which the keeper lets through. */
let replayingEvent = false;

/** Does the kept taps and sends one after another, each once its element has been taken over. */
function replay(kept: Kept[], root: Element, waitedMs: number, done: () => void): void {
  const next = kept[0];
  if (!next) {
    done();
    return;
  }
  // Hydration keeps the server's elements; a page drawn afresh (another time zone) has new
  // ones in the same places.
  const now = next.element.isConnected ? next.element : elementAt(root, next.path);
  // Not there yet (a part of a page drawn afresh whose code is still loading), or not React's yet.
  if ((!now || !takenOver(now)) && waitedMs < TAKE_OVER_WAIT_MS) {
    setTimeout(() => replay(kept, root, waitedMs + 50, done), 50);
    return;
  }
  kept.shift();
  next.element.removeAttribute(EARLY_TAP_MARK);
  now?.removeAttribute(EARLY_TAP_MARK);
  replayingEvent = true;
  try {
    doAgain(next, now);
  } finally {
    replayingEvent = false;
  }
  // The next one once the page has drawn what this one changed: a tap's handler reads the state
  // of the last drawing (a filter adds itself to the address as last drawn), so two taps done
  // back to back would lose the first one's change.
  whenSettled(() => replay(kept, root, 0, done));
}

/**
 * Runs `next` once the browser is idle: React has finished drawing (it works in tasks queued one
 * after another until done), and at the latest after a second.
 */
function whenSettled(next: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(next, { timeout: 1000 });
  } else {
    setTimeout(next, 50);
  }
}

/** Does one kept input again on the element now in its place. */
function doAgain(next: Kept, now: Element | null): void {
  if (!now) {
    // The part of the page that held it is gone (drawn afresh differently): nothing to do.
  } else if (next.kind === 'value') {
    // What the reader typed, also when the page was drawn afresh.
    const typed = next.element as HTMLInputElement | HTMLTextAreaElement;
    if (isTypedField(now)) handOver(now, next.text ?? typed.value);
  } else if (next.kind === 'enter') {
    now.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }),
    );
  } else if (next.kind === 'submit' && now instanceof HTMLFormElement) {
    now.requestSubmit();
  } else if (now instanceof HTMLElement) {
    pressAndRelease(now);
    now.click();
  }
}

/**
 * The press and release a tap made before its click: the kept tap's own press reached a page
 * without handlers, and some controls act on the press, not the click (a select opens its list
 * on mousedown), so they are sent again ahead of the click, as a tap sends them.
 */
function pressAndRelease(element: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0 };
  const pointer = { ...init, pointerId: 1, pointerType: 'touch', isPrimary: true };
  if (typeof PointerEvent === 'function') {
    element.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }));
  }
  element.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  if (typeof PointerEvent === 'function') {
    element.dispatchEvent(new PointerEvent('pointerup', pointer));
  }
  element.dispatchEvent(new MouseEvent('mouseup', init));
}
