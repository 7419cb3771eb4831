import type { ListingTypeCode } from '@portal/shared/constants/listings';
import type { ListingDraft, ListingDraftBody } from '@portal/shared/schemas/listings';
import { apiDelete, apiGet, apiPut } from '../../../lib/api-client';

/** The signed-in citizen's unfinished form of a listing type, or null (no toast: optional). */
export function fetchListingDraft(type: ListingTypeCode): Promise<ListingDraft | null> {
  return apiGet<ListingDraft | null>('/api/listings/draft', { type });
}

/**
 * Saves the form so far; the newest save wins, from whichever device. `leaving`: sent as the page
 * is left or reloaded, so the browser finishes it after the page is gone.
 */
export function saveListingDraft(
  type: ListingTypeCode,
  body: ListingDraftBody,
  leaving = false,
): Promise<{ updatedAt: string }> {
  return apiPut<{ updatedAt: string }>(`/api/listings/draft?type=${type}`, body, {
    keepalive: leaving,
  });
}

/** Forgets the draft of a listing type (重新填写). */
export function deleteListingDraft(type: ListingTypeCode): Promise<null> {
  return apiDelete<null>('/api/listings/draft', { type });
}
