import type { ListingPictureKind } from '@portal/shared/constants/listings';
import type {
  ListingForm,
  PictureLink,
  PictureLinksRequest,
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

/**
 * Uploads one picture (multipart field `file`). No toast here: the picker shows one message,
 * the server's or 上传失败.
 */
export function uploadListingPicture(kind: ListingPictureKind, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<UploadResult>(`/api/listings/uploads?kind=${kind}`, body);
}

/**
 * Fresh signed links (10 minutes) for certification photos whose links have expired while a
 * form stayed open: the caller's own uploads, or pictures of their listing `listingId`.
 */
export function fetchPictureLinks(input: PictureLinksRequest): Promise<PictureLink[]> {
  return apiPost<PictureLink[]>('/api/listings/picture-links', input);
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
