import { API_CODE, FALLBACK_ERROR_MESSAGE } from '@portal/shared/api-code';
import type {
  LotteryBatch,
  LotteryBoard,
  LotteryDrawRecord,
  LotteryProof,
  LotteryProofUpload,
  LotteryRegistrationInput,
  MyLotteryRegistration,
} from '@portal/shared/schemas/lottery';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { CSRF_HEADER, readCsrfToken } from '../../../lib/session-cookie';

const key = ['lottery'] as const;

/** Query keys the board's pushes write to (api/board-events.ts). */
export const lotteryKeys = {
  board: (id: number) => [...key, 'board', id] as const,
  mine: [...key, 'mine'] as const,
};

/** Every batch, or one project's (the project page links to them). */
export function useLotteryBatches(projectId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'batches', projectId ?? 0],
      queryFn: () => apiGet<LotteryBatch[]>('/api/lottery/batches', { projectId }),
    }),
  );
}

export function useLotteryBatch(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'batch', id],
      queryFn: () => apiGet<LotteryBatch>(`/api/lottery/batches/${id}`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}

/** The published inputs and results of a draw, for the lists and the verifier. */
export function useDrawRecord(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'record', id],
      queryFn: () => apiGet<LotteryDrawRecord>(`/api/lottery/batches/${id}/draw-record`),
      enabled: Number.isInteger(id) && id > 0,
      retry: false,
    }),
  );
}

/**
 * The 选房 board. Its changes are pushed (useBoardEvents); only while the push is not live is it
 * read again every 5 seconds.
 */
export function useLotteryBoard(id: number, enabled: boolean, poll: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.board(id),
      queryFn: () => apiGet<LotteryBoard>(`/api/lottery/batches/${id}/board`),
      enabled,
      refetchInterval: poll ? 5_000 : false,
    }),
  );
}

export function useMyLottery(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: lotteryKeys.mine,
      queryFn: () => apiGet<MyLotteryRegistration[]>('/api/lottery/mine'),
      enabled,
    }),
  );
}

export function useSaveRegistration(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LotteryRegistrationInput) =>
      apiPut<{ id: number; regNo: string }>(`/api/lottery/batches/${batchId}/registration`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useAppeal(batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiPost<null>(`/api/lottery/batches/${batchId}/registration/appeal`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The caller's 证明材料 per registration (我的摇号). */
export function useMyProofs(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...key, 'mine', 'proofs'],
      queryFn: () =>
        apiGet<Array<{ registrationId: number; batchId: number; proofs: LotteryProof[] }>>(
          '/api/lottery/mine/proofs',
        ),
      enabled,
    }),
  );
}

type UploadEnvelope = { code?: unknown; message?: unknown; data?: unknown };

function readUploadEnvelope(text: string): UploadEnvelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as UploadEnvelope) : null;
  } catch {
    return null;
  }
}

/**
 * Uploads one 证明材料 (`POST /api/lottery/proofs`) and reports the share sent, 0…1. Through
 * XMLHttpRequest, since fetch tells nothing of an upload's progress; the session cookie and its
 * CSRF token go as with every other call (lib/api-client.ts). Rejects with the server's Chinese
 * message.
 */
export function uploadLotteryProof(
  file: File,
  onProgress?: (share: number) => void,
): Promise<LotteryProofUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/lottery/proofs');
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = readCsrfToken();
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const envelope = readUploadEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.code === API_CODE.SUCCESS) {
        resolve(envelope.data as LotteryProofUpload);
        return;
      }
      const code = envelope ? String(envelope.code) : `HTTP_${xhr.status}`;
      if (code === API_CODE.INVALID_SESSION) authStore.clear();
      const message =
        typeof envelope?.message === 'string' && envelope.message.trim()
          ? envelope.message
          : FALLBACK_ERROR_MESSAGE;
      reject(new ApiError(code, message, xhr.status));
    });
    xhr.addEventListener('error', () =>
      reject(new ApiError('NETWORK', '网络异常，上传失败，请重试', 0)),
    );
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
