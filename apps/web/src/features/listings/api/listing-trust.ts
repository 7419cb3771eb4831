import type { CheckCodeResult, ListingReportForm } from '@portal/shared/schemas/listing-trust';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, request } from '../../../lib/api-client';
import { listingDetailQueryKey } from './listing-detail';

/** The public check of a 房源核验码 (/verify); `code` is sent as typed, the server normalises it. */
export const checkCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['listings', 'check-code', code],
    queryFn: () => apiGet<CheckCodeResult>(`/api/listings/check-codes/${encodeURIComponent(code)}`),
    enabled: code.trim().length > 0,
    retry: false,
  });

export function useCheckCode(code: string) {
  return useQuery(checkCodeQueryOptions(code));
}

/** The address of a code's QR picture (PNG drawn by the server; it opens /verify). */
export function checkCodeQrUrl(code: string): string {
  return `/api/listings/check-codes/${encodeURIComponent(code)}/qr.png`;
}

/** Uploads one report photo (private, seen only by operators); answers its key and preview. */
export function uploadReportPhoto(file: File): Promise<{ path: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  return request<{ path: string; url: string }>('/api/listings/report-photos', {
    method: 'POST',
    body,
    toast: true,
  });
}

/** 举报 a listing; the page then says 已举报 until the operators decide. */
export function useReportListing(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ListingReportForm) =>
      apiPost<{ id: number }>(`/api/listings/${listingId}/reports`, form, { toast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingDetailQueryKey(listingId) }),
  });
}
