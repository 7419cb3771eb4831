import { HYDRATED_EVENT } from '../../lib/ssr-state';

/*
 * On a page the server rendered, the buttons are on screen before the app's code has run: a tap
 * on 登录, 收藏 or 房聊 in those first moments would reach a button React has not taken over yet
 * and do nothing. The boot script (which runs before the app) keeps such taps and form sends, and
 * does them again once React has the page (docs/decisions/0048-server-rendered-public-pages.md).
 * Plain links are left alone: the browser follows them itself and the next page is rendered by
 * the server too.
 */

/** Where a kept element sits under #root, child index by child index, to find it again. */
type TreePath = number[];

interface Kept {
  element: Element;
  path: TreePath;
  kind: 'click' | 'submit';
}

function pathOf(element: Element, root: Element): TreePath | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return node === root ? path : null;
}

function elementAt(root: Element, path: TreePath): Element | null {
  let node: Element | undefined = root;
  for (const index of path) {
    node = node?.children[index];
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

/** Keeps taps and form sends inside #root until the app has taken over the page, then replays them. */
export function keepEarlyInput(): void {
  const root = document.getElementById('root');
  if (!root || 'hydrated' in document.documentElement.dataset) return;
  const kept: Kept[] = [];

  const keep = (event: Event, kind: Kept['kind']) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !root.contains(target)) return;
    if (kind === 'click' && followedByBrowser(target)) return;
    const element =
      kind === 'submit'
        ? target
        : (target.closest(
            'button, [role="button"], [role="tab"], [role="checkbox"], label, input, a',
          ) ?? target);
    const path = pathOf(element, root);
    if (!path) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    kept.push({ element, path, kind });
  };
  const onClick = (event: Event) => keep(event, 'click');
  const onSubmit = (event: Event) => keep(event, 'submit');
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);

  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      // Once the page's own effects (its subscriptions and listeners) have run.
      setTimeout(() => replay(kept, root));
    },
    { once: true },
  );
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

/** Does the kept taps and sends one after another, each once its element has been taken over. */
function replay(kept: Kept[], root: Element, waitedMs = 0): void {
  const next = kept[0];
  if (!next) return;
  // Hydration keeps the server's elements; a page drawn afresh (another time zone) has new
  // ones in the same places.
  const now = next.element.isConnected ? next.element : elementAt(root, next.path);
  if (now && !takenOver(now) && waitedMs < TAKE_OVER_WAIT_MS) {
    setTimeout(() => replay(kept, root, waitedMs + 50), 50);
    return;
  }
  kept.shift();
  if (now && next.kind === 'submit' && now instanceof HTMLFormElement) now.requestSubmit();
  else if (now instanceof HTMLElement) now.click();
  replay(kept, root);
}
