import type { ListingPictureKind } from '@portal/shared/constants/listings';
import type {
  ListingForm,
  UploadResult,
  VerificationForm,
  VerificationResult,
} from '@portal/shared/schemas/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-client';

/** Step 1 房源核验; the server message is shown on failure. */
export function verifyHouse(form: VerificationForm): Promise<VerificationResult> {
  return apiPost<VerificationResult>('/api/listings/verifications', form, { toast: true });
}

/** Uploads one picture (multipart field `file`). */
export function uploadListingPicture(kind: ListingPictureKind, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<UploadResult>(`/api/listings/uploads?kind=${kind}`, body, { toast: true });
}

/** Creates (and submits for review) or updates a listing; lists and my listings refresh. */
export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; form: ListingForm }) =>
      input.id
        ? apiPut<{ id: number }>(`/api/listings/${input.id}`, input.form, { toast: true })
        : apiPost<{ id: number }>('/api/listings', input.form, { toast: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['listings'] }),
  });
}
