import type { Paged } from '@portal/shared/api-code';
import type {
  AdminHouseModel,
  AdminRoom,
  AdminRoomFacts,
  AdminRoomPriceResult,
  AdminRoomSale,
} from '@portal/shared/schemas/building-table/admin';
import type { AdminProjectDetail, AdminProjectRow } from '@portal/shared/schemas/projects/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

const roomsKey = ['admin', 'rooms'] as const;

/**
 * Projects whose name matches, first page, to pick the building whose rooms are edited: the
 * project list of the console (`/api/admin/projects`), read here so the room screens stand
 * without the project screens (docs/decisions/0074-operator-screens-by-domain.md).
 */
export function useProjectChoices(keyword: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'projects', 'list', keyword, 1],
      queryFn: () => apiGet<Paged<AdminProjectRow>>('/api/admin/projects', { keyword, pageNum: 1 }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The buildings of one project, from the console's project detail. */
export function useProjectBuildings(projectId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'projects', 'detail', projectId],
      queryFn: () => apiGet<AdminProjectDetail>(`/api/admin/projects/${projectId}`),
      enabled: projectId !== undefined,
      select: (project) => project.buildings,
    }),
  );
}

/**
 * The operator console's rooms of one building (`/api/admin/rooms`): each room's sale colour and
 * why (if at all) it may not change. The public building table reads its floors elsewhere.
 */
export function useConsoleBuildingRooms(buildingId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...roomsKey, buildingId],
      queryFn: () => apiGet<AdminRoom[]>('/api/admin/rooms', { buildingId }),
      enabled: buildingId !== undefined,
    }),
  );
}

/** Puts rooms on (green) or off (gray) sale; rooms an order blocks come back skipped. */
export function useSetRoomsSaleStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRoomSale) =>
      apiPost<{ changed: number[]; skipped: number[] }>('/api/admin/rooms/sale-status', body, {
        toast: true,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: roomsKey }),
  });
}

/** Sets a room's unit price (yuan/㎡); the server recomputes the total and refuses held rooms. */
export function useSetRoomPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, currentPrice }: { roomId: number; currentPrice: number }) =>
      apiPut<AdminRoomPriceResult>(
        `/api/admin/rooms/${roomId}/price`,
        { currentPrice },
        { toast: true },
      ),
    onSuccess: () => {
      notifySuccess('价格已修改');
      return client.invalidateQueries({ queryKey: roomsKey });
    },
  });
}

/** The 户型 of a project, to give rooms theirs. */
export function useProjectHouseModels(projectId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'house-models', projectId],
      queryFn: () => apiGet<AdminHouseModel[]>('/api/admin/house-models', { projectId }),
      enabled: projectId !== undefined,
    }),
  );
}

/** Sets the 朝向 and/or 户型 of many rooms at once (audited on the server). */
export function useSetRoomFacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRoomFacts) =>
      apiPost<{ changed: number }>('/api/admin/rooms/facts', body, { toast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: roomsKey }),
  });
}
