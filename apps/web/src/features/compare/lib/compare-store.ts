import { COMPARE_LIMITS, type CompareType } from '@portal/shared/constants/compare';
import { useSyncExternalStore } from 'react';

/** One thing picked for comparison, with the name the tray shows. */
export interface ComparePick {
  id: number;
  name: string;
}

export type CompareTray = Record<CompareType, ComparePick[]>;

const STORAGE_KEY = 'portal.compare';
const EMPTY: CompareTray = { project: [], listing: [] };

function read(): CompareTray {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const tray = parsed as Partial<CompareTray>;
    const clean = (list: unknown): ComparePick[] =>
      Array.isArray(list)
        ? list
            .filter(
              (p): p is ComparePick =>
                typeof p?.id === 'number' && typeof p?.name === 'string' && p.id > 0,
            )
            .slice(0, COMPARE_LIMITS.max)
        : [];
    return { project: clean(tray.project), listing: clean(tray.listing) };
  } catch {
    return EMPTY;
  }
}

let state: CompareTray = typeof window === 'undefined' ? EMPTY : read();
const listeners = new Set<() => void>();

function write(next: CompareTray): void {
  state = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the tray still works for this page view.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) {
      state = read();
      for (const listener of listeners) listener();
    }
  });
}

/** What adding a pick did: added, already there (removed instead) or refused because full. */
export type ToggleOutcome = 'added' | 'removed' | 'full';

/**
 * The compare tray (对比栏): up to four projects and, separately, up to four listings, kept in
 * the browser's storage so the picks survive moving between list and detail pages.
 */
export const compareStore = {
  getState: (): CompareTray => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  toggle(type: CompareType, pick: ComparePick): ToggleOutcome {
    const list = state[type];
    if (list.some((p) => p.id === pick.id)) {
      write({ ...state, [type]: list.filter((p) => p.id !== pick.id) });
      return 'removed';
    }
    if (list.length >= COMPARE_LIMITS.max) return 'full';
    write({ ...state, [type]: [...list, pick] });
    return 'added';
  },
  remove(type: CompareType, id: number): void {
    write({ ...state, [type]: state[type].filter((p) => p.id !== id) });
  },
  clear(type: CompareType): void {
    write({ ...state, [type]: [] });
  },
};

export function useCompareTray(): CompareTray {
  return useSyncExternalStore(compareStore.subscribe, compareStore.getState, () => EMPTY);
}

/** The message shown when a fifth thing is picked. */
export function fullMessage(type: CompareType): string {
  return type === 'project'
    ? `最多对比 ${COMPARE_LIMITS.max} 个楼盘，请先移除一个`
    : `最多对比 ${COMPARE_LIMITS.max} 套房源，请先移除一套`;
}
