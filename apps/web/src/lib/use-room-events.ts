import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The first part of the key of every query that shows room states (the building table's floors,
 * buildings and room places). A deposit order changes room states, so the order pages re-read
 * everything under it.
 */
export const ROOM_STATE_QUERY_ROOT = ['building-table'] as const;

/** Whether the page hears the server's pushes: connecting, live, or reconnecting. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * Subscribes to the building's room changes (server-sent events of
 * `/api/building-table/buildings/:id/events`) and re-reads the queries under `queryKey` on
 * every change, and on every (re)connection, so a page that was cut off catches up at once.
 * The browser reconnects by itself; while it is not live the caller polls as a fallback.
 */
export function useRoomEvents(buildingId: number, queryKey: QueryKey): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    if (buildingId <= 0 || typeof EventSource === 'undefined') return undefined;
    const key = JSON.parse(keyText) as QueryKey;
    const source = new EventSource(`/api/building-table/buildings/${buildingId}/events`);
    const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
    source.addEventListener('ready', () => {
      setState('live');
      refresh();
    });
    source.addEventListener('rooms', refresh);
    source.onerror = () => setState('reconnecting');
    return () => {
      source.close();
      setState('connecting');
    };
  }, [buildingId, keyText, queryClient]);

  return state;
}
