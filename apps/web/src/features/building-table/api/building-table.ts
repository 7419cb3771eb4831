import type {
  BuildingRooms,
  RoomPlace,
  TableBuilding,
} from '@portal/shared/schemas/building-table';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ROOM_STATE_QUERY_ROOT } from '../../../lib/use-room-events';

/**
 * Room states change with every order. The server pushes each change (useRoomEvents); only while
 * that stream is down do the floors re-read every 30 s as a fallback.
 */
const ROOM_REFRESH_MS = 30_000;

export const buildingTableKeys = {
  all: ROOM_STATE_QUERY_ROOT,
  buildings: (projectId: number) => [...ROOM_STATE_QUERY_ROOT, 'buildings', projectId] as const,
  /** The floors of one building, whatever the unit and band (what a room change re-reads). */
  buildingRooms: (buildingId: number) => [...ROOM_STATE_QUERY_ROOT, 'rooms', buildingId] as const,
  rooms: (buildingId: number, unit: string, filter: RoomFilter) =>
    [
      ...ROOM_STATE_QUERY_ROOT,
      'rooms',
      buildingId,
      unit,
      filter.buildAreaScope,
      filter.orientation,
      filter.bedroom,
    ] as const,
  place: (roomId: number) => [...ROOM_STATE_QUERY_ROOT, 'place', roomId] as const,
  /** The signed-in viewer's running 选房 turns (by user, so another sign-in reads afresh). */
  lotteryTurns: (userId: string | null) =>
    [...ROOM_STATE_QUERY_ROOT, 'lottery-turns', userId] as const,
};

/** The buildings of a project with their unit names and pre-sale records. */
export function useTableBuildings(projectId: number) {
  return useQuery(
    queryOptions({
      queryKey: buildingTableKeys.buildings(projectId),
      queryFn: () => apiGet<TableBuilding[]>(`/api/building-table/projects/${projectId}/buildings`),
      enabled: projectId > 0,
    }),
  );
}

/** The room filters of the table: 面积 band, 朝向 code and 户型 bedroom count ('' = 全部). */
export interface RoomFilter {
  buildAreaScope: string;
  orientation: string;
  bedroom: string;
}

/**
 * Floors with live room colours of one building and unit, of the rooms matching the filters;
 * `live` (the push stream is connected) turns the fallback polling off.
 */
export function useBuildingRooms(
  buildingId: number,
  unit: string,
  filter: RoomFilter,
  live = false,
) {
  return useQuery({
    queryKey: buildingTableKeys.rooms(buildingId, unit, filter),
    queryFn: () =>
      apiGet<BuildingRooms>(`/api/building-table/buildings/${buildingId}/rooms`, {
        unit,
        buildAreaScope: filter.buildAreaScope,
        orientation: filter.orientation,
        bedroom: filter.bedroom,
      }),
    enabled: buildingId > 0 && unit !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? false : ROOM_REFRESH_MS,
  });
}

/** The project, building and unit of a room (breadcrumb of /orderConfirmation). */
export function useRoomPlace(roomId: number) {
  return useQuery({
    queryKey: buildingTableKeys.place(roomId),
    queryFn: () => apiGet<RoomPlace>(`/api/building-table/rooms/${roomId}`),
    enabled: roomId > 0,
    retry: false,
  });
}
