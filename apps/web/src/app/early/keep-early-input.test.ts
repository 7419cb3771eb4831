import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markHydrated } from '../../lib/ssr-state';
import { EARLY_TAP_MARK, keepEarlyInput } from './keep-early-input';

describe('taps on a server-rendered page before the app has taken it over', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    delete document.documentElement.dataset.hydrated;
    document.body.innerHTML = `
      <div id="root">
        <header><a href="/newHouse" id="link">新房</a><a href="#" id="hash">更多</a></header>
        <main>
          <button type="button" id="login"><span id="label">登录</span></button>
          <form id="search"><input name="keyword" /><button id="send">搜索</button></form>
        </main>
      </div>
      <button type="button" id="outside">外部</button>`;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('keeps a tap on a button until the app has the page, then does it once', () => {
    keepEarlyInput();
    const handler = vi.fn();
    document.getElementById('login')!.addEventListener('click', handler);
    document.getElementById('label')!.click();
    expect(handler).not.toHaveBeenCalled();

    markHydrated();
    expect(handler).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledTimes(1);

    // Afterwards taps go straight through.
    document.getElementById('login')!.click();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('sends the press and release ahead of the kept click, for controls that act on the press', () => {
    keepEarlyInput();
    const seen: string[] = [];
    const login = document.getElementById('login')!;
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
      login.addEventListener(type, () => seen.push(type));
    }
    document.getElementById('label')!.click();
    expect(seen).toEqual([]);
    markHydrated();
    vi.runAllTimers();
    // A select opens its list on mousedown: a replayed click alone would leave it shut.
    expect(seen.filter((type) => type !== 'pointerdown' && type !== 'pointerup')).toEqual([
      'mousedown',
      'mouseup',
      'click',
    ]);
  });

  it('shows a kept tap pressed at once, and does taps repeated meanwhile only once', () => {
    keepEarlyInput();
    const handler = vi.fn();
    const login = document.getElementById('login')!;
    login.addEventListener('click', handler);
    login.click();
    expect(login.hasAttribute(EARLY_TAP_MARK)).toBe(true);
    // Nothing seemed to happen, so the reader taps twice more.
    document.getElementById('label')!.click();
    login.click();

    markHydrated();
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(login.hasAttribute(EARLY_TAP_MARK)).toBe(false);
  });

  it('sends a kept form once the app has the page', () => {
    keepEarlyInput();
    const sent = vi.fn((event: Event) => event.preventDefault());
    const form = document.getElementById('search') as HTMLFormElement;
    form.addEventListener('submit', sent);
    form.requestSubmit();
    expect(sent).not.toHaveBeenCalled();
    markHydrated();
    vi.runAllTimers();
    expect(sent).toHaveBeenCalled();
  });

  it('leaves links the browser follows, and clicks outside the page, alone', () => {
    keepEarlyInput();
    const link = vi.fn((event: Event) => event.preventDefault());
    const outside = vi.fn();
    document.getElementById('link')!.addEventListener('click', link);
    document.getElementById('outside')!.addEventListener('click', outside);
    document.getElementById('link')!.click();
    document.getElementById('outside')!.click();
    expect(link).toHaveBeenCalledTimes(1);
    expect(outside).toHaveBeenCalledTimes(1);

    const hash = vi.fn();
    document.getElementById('hash')!.addEventListener('click', hash);
    document.getElementById('hash')!.click();
    expect(hash).not.toHaveBeenCalled();
    markHydrated();
    vi.runAllTimers();
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('finds a kept button again when the page was drawn afresh', () => {
    keepEarlyInput();
    document.getElementById('login')!.click();
    // Drawn again (a browser in another time zone): new elements in the same places.
    const root = document.getElementById('root')!;
    const html = root.innerHTML;
    root.innerHTML = html;
    const handler = vi.fn();
    document.getElementById('login')!.addEventListener('click', handler);
    markHydrated();
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('finds it again when the server had put preload links at the top of the page', () => {
    const root = document.getElementById('root')!;
    // React's server rendering puts the preload of a high-priority picture there; a page drawn
    // afresh in the browser has it in the head.
    root.insertAdjacentHTML('afterbegin', '<link rel="preload" as="image" href="/a.svg" />');
    keepEarlyInput();
    document.getElementById('login')!.click();
    const html = root.innerHTML.replace(/<link[^>]*>/, '');
    root.innerHTML = '';
    const handler = vi.fn();
    markHydrated();
    vi.advanceTimersByTime(200);
    // Its part of the page is drawn a moment later: the tap waits for it rather than being lost.
    root.innerHTML = html;
    const login = document.getElementById('login')!;
    login.addEventListener('click', handler);
    Object.assign(login, { __reactFiber$test: {} });
    vi.runAllTimers();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('waits for the part of the page it was made on to be taken over', () => {
    keepEarlyInput();
    const login = document.getElementById('login')!;
    const handler = vi.fn();
    login.addEventListener('click', handler);
    login.click();
    markHydrated();
    vi.advanceTimersByTime(500);
    // That part's code is still loading: React has not marked its elements yet.
    expect(handler).not.toHaveBeenCalled();
    Object.assign(login, { __reactFiber$test: {} });
    vi.advanceTimersByTime(50);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('after the take-over keeps only taps on a part still waiting for its code', () => {
    keepEarlyInput();
    const login = document.getElementById('login')!;
    const send = document.getElementById('send')!;
    Object.assign(send, { __reactFiber$test: {} });
    const onLogin = vi.fn();
    const onSend = vi.fn((event: Event) => event.preventDefault());
    login.addEventListener('click', onLogin);
    send.addEventListener('click', onSend);
    markHydrated();
    vi.advanceTimersByTime(10);
    // The send button is React's already: its tap goes straight through.
    send.click();
    expect(onSend).toHaveBeenCalledTimes(1);
    // The login button's part is still loading: its tap waits for it, and is done once.
    login.click();
    expect(onLogin).not.toHaveBeenCalled();
    Object.assign(login, { __reactFiber$test: {} });
    vi.advanceTimersByTime(100);
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('does a tap made while kept ones are being done after them, in the order made', () => {
    keepEarlyInput();
    const login = document.getElementById('login')!;
    const send = document.getElementById('send')!;
    const order: string[] = [];
    login.addEventListener('click', () => order.push('login'));
    send.addEventListener('click', (event) => {
      event.preventDefault();
      order.push('send');
    });
    login.click();
    markHydrated();
    Object.assign(send, { __reactFiber$test: {} });
    // The send button is React's, but the login tap made before it has not been done yet.
    send.click();
    expect(order).toEqual([]);
    Object.assign(login, { __reactFiber$test: {} });
    vi.runAllTimers();
    expect(order).toEqual(['login', 'send']);
  });

  it('keeps nothing on a page the app already has', () => {
    markHydrated();
    keepEarlyInput();
    const handler = vi.fn();
    document.getElementById('login')!.addEventListener('click', handler);
    document.getElementById('login')!.click();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
