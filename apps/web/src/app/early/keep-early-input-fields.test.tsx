import { act, startTransition, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markHydrated } from '../../lib/ssr-state';
import { keepEarlyInput } from './keep-early-input';

/** A form as the calculators and registry queries hold theirs: the field's text is React state. */
function AmountForm({ onSearch }: { onSearch: (amount: string) => void }) {
  const [amount, setAmount] = useState('');
  return (
    <div>
      <input
        id="amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(amount);
        }}
      />
      <output id="echo">{amount}</output>
    </div>
  );
}

/** Typing as a browser does it: the field's own value changes, then an input event. */
function typeInto(field: HTMLInputElement, text: string): void {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Long enough for the kept inputs to be done again one after another (each waits for the last). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** The app's root of the current test, taken away with the page after it. */
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('fields typed into before the app has taken a server-rendered page over', () => {
  async function drawnByServerThenTakenOver(
    onSearch: (amount: string) => void,
    beforeBoot: () => void,
    afterBoot: () => void = () => undefined,
  ) {
    document.body.innerHTML = `<div id="root">${renderToString(<AmountForm onSearch={onSearch} />)}</div>`;
    beforeBoot();
    keepEarlyInput();
    afterBoot();
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <AmountForm onSearch={onSearch} />);
    });
    await act(async () => {
      markHydrated();
      await settle();
    });
  }

  it('leaves the fields writable and hands text typed while the code loads to the form state', async () => {
    const searched: string[] = [];
    let writableMeanwhile = false;
    await drawnByServerThenTakenOver(
      (amount) => searched.push(amount),
      () => undefined,
      () => {
        const field = document.getElementById('amount') as HTMLInputElement;
        writableMeanwhile = !field.readOnly;
        typeInto(field, '海港');
      },
    );
    expect(writableMeanwhile).toBe(true);
    expect((document.getElementById('amount') as HTMLInputElement).value).toBe('海港');
    expect(document.getElementById('echo')!.textContent).toBe('海港');
    expect(searched).toEqual([]);
  });

  it('hands text typed before the boot script ran to the form state', async () => {
    const searched: string[] = [];
    await drawnByServerThenTakenOver(
      (amount) => searched.push(amount),
      () => typeInto(document.getElementById('amount') as HTMLInputElement, '120'),
    );
    expect((document.getElementById('amount') as HTMLInputElement).value).toBe('120');
    expect(document.getElementById('echo')!.textContent).toBe('120');
    expect(searched).toEqual([]);
  });

  it('presses a kept Enter after the text is handed over', async () => {
    const searched: string[] = [];
    await drawnByServerThenTakenOver(
      (amount) => searched.push(amount),
      () => typeInto(document.getElementById('amount') as HTMLInputElement, '95'),
      () => {
        const field = document.getElementById('amount') as HTMLInputElement;
        field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      },
    );
    expect(searched).toEqual(['95']);
  });

  it('leaves fields nobody typed into as the app draws them', async () => {
    await drawnByServerThenTakenOver(
      () => undefined,
      () => undefined,
    );
    expect(document.getElementById('echo')!.textContent).toBe('');
  });
});

/**
 * Two filters as the list pages hold theirs: each tap adds its filter to the filters as last
 * drawn, in a transition (as the router's address changes are).
 */
function Filters() {
  const [filters, setFilters] = useState<string[]>([]);
  return (
    <div>
      {['海港区', '100-150万'].map((name) => (
        <button
          key={name}
          type="button"
          onClick={() => startTransition(() => setFilters([...filters, name]))}
        >
          {name}
        </button>
      ))}
      <output id="filters">{filters.join(',')}</output>
    </div>
  );
}

describe('taps made before the app has taken a server-rendered page over', () => {
  it('are done again one after another, each once the page shows what the last one changed', async () => {
    document.body.innerHTML = `<div id="root">${renderToString(<Filters />)}</div>`;
    keepEarlyInput();
    for (const button of Array.from(document.querySelectorAll('button'))) button.click();
    await act(async () => {
      root = hydrateRoot(document.getElementById('root')!, <Filters />);
    });
    // Outside act(): React draws as in a browser, in its own tasks, not when act() ends.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      markHydrated();
      await settle();
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    expect(document.getElementById('filters')!.textContent).toBe('海港区,100-150万');
  });
});

describe('fields the page itself shows read-only', () => {
  it('stay as the page drew them, and the others stay writable', () => {
    vi.useFakeTimers();
    document.body.innerHTML =
      '<div id="root"><input id="fixed" readonly value="1号楼" /><input id="free" /></div>';
    keepEarlyInput();
    const fixed = document.getElementById('fixed') as HTMLInputElement;
    const free = document.getElementById('free') as HTMLInputElement;
    expect(free.readOnly).toBe(false);
    markHydrated();
    vi.runAllTimers();
    expect(fixed.readOnly).toBe(true);
    expect(free.readOnly).toBe(false);
    vi.useRealTimers();
  });
});
