import { useState, useSyncExternalStore } from 'react';

/** A calculator's latest outcome, kept apart from the form that asks for it. */
export interface OutcomeStore<T> {
  get: () => T | null;
  set: (outcome: T | null) => void;
  subscribe: (listener: () => void) => () => void;
}

function createOutcomeStore<T>(): OutcomeStore<T> {
  let outcome: T | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => outcome,
    set: (next) => {
      if (next === outcome) return;
      outcome = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store of a calculator's outcome, made once per mounted calculator. The form sets it; only
 * the component that shows the outcome (`useOutcome`) draws again when it changes, so a tap on
 * 开始计算 does not draw the whole form again (docs/decisions/0083-the-figures-before-the-schedule.md).
 */
export function useOutcomeStore<T>(): OutcomeStore<T> {
  const [store] = useState(createOutcomeStore<T>);
  return store;
}

/** The outcome in `store` now. */
export function useOutcome<T>(store: OutcomeStore<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
