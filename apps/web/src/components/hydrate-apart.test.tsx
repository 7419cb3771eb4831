import { act, fireEvent } from '@testing-library/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPartsTakenOver, HydrateApart } from './hydrate-apart';

/** The order in which the parts' layout effects ran, i.e. in which they were taken over. */
let takenOver: string[] = [];

function Part() {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => {
    takenOver.push('part');
  }, []);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      计算 {count}
    </button>
  );
}

function Page({ apart }: { apart: boolean }) {
  useLayoutEffect(() => {
    takenOver.push('page');
  }, []);
  // What the take-over does once React has committed the page: it tells the page that taps now
  // reach the app, once the parts taken over apart are too.
  useEffect(() => afterPartsTakenOver(() => takenOver.push('taps reach the app')), []);
  return <main>{apart ? <HydrateApart>{<Part />}</HydrateApart> : <Part />}</main>;
}

let root: Root | undefined;
let container: HTMLElement | undefined;

function serverDrawn(apart: boolean): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page apart={apart} />);
  document.body.append(container);
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  takenOver = [];
});

describe('HydrateApart', () => {
  it('takes its part over in a pass of its own, after the rest of the page', async () => {
    const element = serverDrawn(true);
    const button = element.querySelector('button');
    await act(async () => {
      root = hydrateRoot(element, <Page apart />);
    });
    // One pass would run the part's effect first (children before their parent). Taps are let
    // through only once the part is taken over too: until then they are kept for it.
    expect(takenOver).toEqual(['page', 'part', 'taps reach the app']);
    // The server's button is kept, not drawn again, and answers.
    expect(element.querySelector('button')).toBe(button);
    act(() => {
      fireEvent.click(button!);
    });
    expect(button?.textContent).toBe('计算 1');
  });

  it('without it, the part is taken over with the page, in the same pass', async () => {
    const element = serverDrawn(false);
    await act(async () => {
      root = hydrateRoot(element, <Page apart={false} />);
    });
    expect(takenOver).toEqual(['part', 'page', 'taps reach the app']);
  });
});
