import { createContext, type ReactNode, useContext } from 'react';
import type { PathKey } from '../config/paths';

const RegisteredRoutesContext = createContext<ReadonlySet<PathKey>>(new Set());

/** Tells links and menus which pages exist; the app passes the keys of its route table. */
export function RegisteredRoutesProvider({
  keys,
  children,
}: {
  keys: ReadonlySet<PathKey>;
  children: ReactNode;
}) {
  return <RegisteredRoutesContext value={keys}>{children}</RegisteredRoutesContext>;
}

/** A predicate telling whether the page of a route key is registered (and so can be linked). */
export function useIsRegistered(): (key: PathKey) => boolean {
  const keys = useContext(RegisteredRoutesContext);
  return (key) => keys.has(key);
}
