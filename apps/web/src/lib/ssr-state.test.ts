import { afterEach, describe, expect, it } from 'vitest';
import { answersAwaitTakeOver, markHydrated, SSR_STATE_ID } from './ssr-state';

afterEach(() => {
  document.getElementById(SSR_STATE_ID)?.remove();
  delete document.documentElement.dataset.hydrated;
});

function pageDrawnByServer() {
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = SSR_STATE_ID;
  state.textContent = '{"queries":[],"mutations":[]}';
  document.body.append(state);
}

describe('answersAwaitTakeOver', () => {
  it('is true on a page the server drew until React has taken it over', () => {
    pageDrawnByServer();
    expect(answersAwaitTakeOver()).toBe(true);
    markHydrated();
    expect(answersAwaitTakeOver()).toBe(false);
  });

  it('is false on a page drawn in the browser, which has no answers of its own', () => {
    expect(answersAwaitTakeOver()).toBe(false);
  });
});
