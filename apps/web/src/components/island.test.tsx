import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Island } from './island';

/** Whether React has taken the element over (it keeps its fiber on the element). */
const isTakenOver = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber'));

let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

function stubObserver() {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe = vi.fn();
      disconnect = vi.fn();
    },
  );
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

function Page({ label, hydrate }: { label: string; hydrate: 'visible' | 'interaction' }) {
  return (
    <main>
      <p>页面</p>
      <Island hydrate={hydrate} deps={[label]}>
        <Counter label={label} />
      </Island>
    </main>
  );
}

/** The page as the server draws it, put into a container and hydrated. */
async function hydrated(hydrate: 'visible' | 'interaction', label = '页脚') {
  const container = document.createElement('div');
  // As on the server, where there is no window.
  vi.stubGlobal('window', undefined);
  const html = renderToString(<Page label={label} hydrate={hydrate} />);
  vi.unstubAllGlobals();
  stubObserver();
  container.innerHTML = html;
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page label={label} hydrate={hydrate} />);
  });
  const button = container.querySelector('button');
  if (!button || !root) throw new Error('not drawn');
  return { container, button, root };
}

describe('Island', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('keeps the server’s HTML untouched until the reader comes near, then takes it over', async () => {
    const { container, button } = await hydrated('visible');
    expect(isTakenOver(container.querySelector('p') as Element)).toBe(true);
    expect(isTakenOver(button)).toBe(false);
    expect(button.textContent).toBe('页脚 0');

    await act(async () => report?.([{ isIntersecting: true }]));
    const live = container.querySelector('button') as HTMLButtonElement;
    expect(live).toBe(button);
    expect(isTakenOver(live)).toBe(true);
    fireEvent.click(live);
    expect(live.textContent).toBe('页脚 1');
  });

  it('is taken over by the first touch, which then works at once', async () => {
    const { button } = await hydrated('interaction');
    expect(isTakenOver(button)).toBe(false);
    await act(async () => {
      fireEvent.pointerDown(button);
      fireEvent.click(button);
    });
    expect(isTakenOver(button)).toBe(true);
    expect(button.textContent).toBe('页脚 1');
  });

  it('follows new data at once when what it is drawn from changes', async () => {
    const { container, root } = await hydrated('interaction');
    await act(async () => root.render(<Page label="新页脚" hydrate="interaction" />));
    const button = container.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('新页脚 0');
    expect(isTakenOver(button)).toBe(true);
  });

  it('draws its children at once on a page drawn in the browser', () => {
    stubObserver();
    render(<Page label="页脚" hydrate="interaction" />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('页脚 1');
  });
});
