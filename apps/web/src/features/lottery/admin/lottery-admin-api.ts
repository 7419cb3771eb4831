import type { Paged } from '@portal/shared/api-code';
import type { AdminRoom } from '@portal/shared/schemas/building-table/admin';
import type {
  LotteryBatchCreate,
  lotteryReviewItemSchema,
} from '@portal/shared/schemas/lottery/admin';
import type { AdminProjectDetail, AdminProjectRow } from '@portal/shared/schemas/projects/admin';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

export type LotteryReviewItem = z.infer<typeof lotteryReviewItemSchema>;

/** The citizen pages' batch queries share this key; every console change reads them again. */
const lotteryKey = ['lottery'] as const;
const reviewKey = ['admin', 'lottery', 'registrations'] as const;

/** Projects to set a batch up on (the console's project list, first page of a search). */
export function useBatchProjects(keyword: string) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'projects', 'list', keyword, 1],
      queryFn: () => apiGet<Paged<AdminProjectRow>>('/api/admin/projects', { keyword, pageNum: 1 }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** A project's buildings and, per building, its rooms (`/api/admin/rooms`). */
export function useProjectRooms(projectId: number | undefined) {
  const project = useQuery(
    queryOptions({
      queryKey: ['admin', 'projects', 'detail', projectId ?? 0],
      queryFn: () => apiGet<AdminProjectDetail>(`/api/admin/projects/${projectId}`),
      enabled: projectId !== undefined && projectId > 0,
    }),
  );
  const buildings = project.data?.buildings;
  // One query for all buildings (useQueries would add to every page's shared query chunk).
  const rooms = useQuery(
    queryOptions({
      queryKey: ['admin', 'rooms', 'project', projectId ?? 0, buildings?.map((b) => b.id)],
      queryFn: () =>
        Promise.all(
          (buildings ?? []).map((building) =>
            apiGet<AdminRoom[]>('/api/admin/rooms', { buildingId: building.id }),
          ),
        ),
      enabled: buildings !== undefined,
    }),
  );
  return {
    isLoading: project.isLoading || rooms.isLoading,
    buildings: (buildings ?? []).map((building, index) => ({
      ...building,
      rooms: rooms.data?.[index] ?? [],
    })),
  };
}

/** A batch's review queue (ID numbers masked by the server), all states. */
export function useLotteryRegistrations(batchId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...reviewKey, batchId],
      queryFn: () =>
        apiGet<LotteryReviewItem[]>(`/api/admin/lottery/batches/${batchId}/registrations`),
      enabled: Number.isInteger(batchId) && batchId > 0,
    }),
  );
}

function useLotteryMutation<V, R>(run: (vars: V) => Promise<R>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notifySuccess(success);
      await Promise.all([
        client.invalidateQueries({ queryKey: lotteryKey }),
        client.invalidateQueries({ queryKey: reviewKey }),
      ]);
    },
  });
}

/** 创建摇号批次; a failure shows the server's message (a clash of rooms or of the code). */
export function useCreateLotteryBatch() {
  return useLotteryMutation(
    (body: LotteryBatchCreate) =>
      apiPost<{ id: number }>('/api/admin/lottery/batches', body, { toast: true }),
    '摇号批次已创建',
  );
}

/** 通过, or 不通过 with a reason; on an appeal it is the second, final decision. */
export function useDecideRegistration() {
  return useLotteryMutation(
    ({ id, approve, reason }: { id: number; approve: boolean; reason: string }) =>
      apiPost<null>(
        `/api/admin/lottery/registrations/${id}/decision`,
        { approve, reason },
        { toast: true },
      ),
    '审核结果已保存',
  );
}

/** 公示名单: freezes the qualified list and publishes its SHA-256 (once). */
export function usePublishLotteryList() {
  return useLotteryMutation(
    (batchId: number) =>
      apiPost<{ listHash: string }>(`/api/admin/lottery/batches/${batchId}/publish`, undefined, {
        toast: true,
      }),
    '名单已公示',
  );
}

/** 摇号: reads the named beacon round and stores the order. */
export function useDrawLottery() {
  return useLotteryMutation(
    (batchId: number) =>
      apiPost<{ listHash: string; places: number }>(
        `/api/admin/lottery/batches/${batchId}/draw`,
        undefined,
        { toast: true },
      ),
    '摇号完成',
  );
}
