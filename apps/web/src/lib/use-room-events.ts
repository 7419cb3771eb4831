import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEventSource, type LiveState } from './use-event-source';

export type { LiveState } from './use-event-source';

/**
 * The first part of the key of every query that shows room states (the building table's floors,
 * buildings and room places). A deposit order changes room states, so the order pages re-read
 * everything under it.
 */
export const ROOM_STATE_QUERY_ROOT = ['building-table'] as const;

/**
 * Subscribes to the building's room changes (server-sent events of
 * `/api/building-table/buildings/:id/events`) and re-reads the queries under `queryKey` on
 * every change, and on every (re)connection, so a page that was cut off catches up at once.
 * While it is not live the caller polls as a fallback.
 */
export function useRoomEvents(buildingId: number, queryKey: QueryKey): LiveState {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return useEventSource(
    buildingId > 0 ? `/api/building-table/buildings/${buildingId}/events` : null,
    'ready',
    { ready: refresh, rooms: refresh },
  );
}
