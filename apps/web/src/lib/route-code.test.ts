import type { RouteCode } from '@portal/shared/page-code';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const LIST: RouteCode = {
  files: ['assets/houses-a.js', 'assets/table-b.js', 'assets/tool-c.js'],
  pages: { '/houses': [0, 1], '/tool': [2, 1] },
};

/** The module afresh (it keeps the fetched list), with the boot script's attribute set or not. */
async function load(address: string | null) {
  vi.resetModules();
  if (address) document.documentElement.dataset.routeCode = address;
  return import('./route-code');
}

const linked = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.crossOrigin,
  ]);

function answering(...answers: Array<() => Response>) {
  const fetchList = vi.fn(async () => (answers.shift() ?? answers.at(-1)!)());
  vi.stubGlobal('fetch', fetchList);
  return fetchList;
}

describe('a page’s chunks preloaded from the build’s list', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    delete document.documentElement.dataset.routeCode;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('links the chunks of the page opened, once each, as Vite’s loader links them', async () => {
    const fetchList = answering(() => Response.json(LIST));
    const { preloadPageCode } = await load('/assets/route-code-x.json');
    await preloadPageCode('/houses');
    expect(linked()).toEqual([
      ['/assets/houses-a.js', ''],
      ['/assets/table-b.js', ''],
    ]);
    // The next page adds only what is not linked yet, from the same list.
    await preloadPageCode('/tool');
    expect(linked().map(([href]) => href)).toEqual([
      '/assets/houses-a.js',
      '/assets/table-b.js',
      '/assets/tool-c.js',
    ]);
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(fetchList).toHaveBeenCalledWith('/assets/route-code-x.json', { priority: 'low' });
  });

  it('links nothing for a page the list does not name', async () => {
    answering(() => Response.json(LIST));
    const { preloadPageCode } = await load('/assets/route-code-x.json');
    await preloadPageCode('/about');
    expect(linked()).toEqual([]);
  });

  it('asks for nothing on the dev server, where the boot script names no list', async () => {
    const fetchList = answering(() => Response.json(LIST));
    const { preloadPageCode, fetchRouteCodeWhenIdle } = await load(null);
    fetchRouteCodeWhenIdle();
    await preloadPageCode('/houses');
    expect(fetchList).not.toHaveBeenCalled();
    expect(linked()).toEqual([]);
  });

  it('does nothing in the server’s renderer, which opens pages through the same routes', async () => {
    const fetchList = answering(() => Response.json(LIST));
    const { preloadPageCode } = await load('/assets/route-code-x.json');
    vi.stubGlobal('document', undefined);
    await expect(preloadPageCode('/houses')).resolves.toBeUndefined();
    vi.unstubAllGlobals();
    expect(fetchList).not.toHaveBeenCalled();
  });

  it('asks again at the next page after a failed or malformed answer', async () => {
    const fetchList = answering(
      () => new Response('busy', { status: 503 }),
      () => Response.json({ files: ['assets/a.js'], pages: { '/houses': [4] } }),
      () => Response.json(LIST),
    );
    const { preloadPageCode } = await load('/assets/route-code-x.json');
    await preloadPageCode('/houses');
    await preloadPageCode('/houses');
    expect(linked()).toEqual([]);
    await preloadPageCode('/houses');
    expect(linked()).toHaveLength(2);
    expect(fetchList).toHaveBeenCalledTimes(3);
  });

  it('fetches the list when the browser is idle after the first page', async () => {
    const fetchList = answering(() => Response.json(LIST));
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const { fetchRouteCodeWhenIdle, preloadPageCode } = await load('/assets/route-code-x.json');
    fetchRouteCodeWhenIdle();
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 5_000 });
    expect(fetchList).toHaveBeenCalledTimes(1);
    // The page opened next uses the list already fetched.
    await preloadPageCode('/tool');
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(linked()).toHaveLength(2);
  });
});
