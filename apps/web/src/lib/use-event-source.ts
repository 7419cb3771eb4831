import { useEffect, useRef, useState } from 'react';

/** Whether the page hears the server's pushes: connecting, live, or reconnecting. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** What to do with each named event of a stream (its data as sent, still JSON text). */
export type EventHandlers = Record<string, (data: string) => void>;

/**
 * Holds a server-sent event stream at `url` open while the page shows it (none when `url` is
 * null) and calls the handler of each event's name. The browser reconnects by itself; the state
 * says whether the stream is live, so the caller can poll while it is not. `openEvent` names the
 * event the server sends first on every (re)connection: the stream is live from then on.
 */
export function useEventSource(
  url: string | null,
  openEvent: string,
  handlers: EventHandlers,
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  // The latest handlers, without reconnecting when the caller passes new functions.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  const names = Object.keys(handlers).sort().join(' ');

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url);
    for (const name of names.split(' ')) {
      source.addEventListener(name, (event) => {
        if (name === openEvent) setState('live');
        current.current[name]?.((event as MessageEvent<string>).data);
      });
    }
    source.onerror = () => setState('reconnecting');
    return () => {
      source.close();
      setState('connecting');
    };
  }, [url, openEvent, names]);

  return state;
}
