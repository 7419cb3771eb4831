import type { LegalKind } from '@portal/shared/legal/texts';
import type { LegalDocument, LegalStatus } from '@portal/shared/schemas/legal';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client';
import { queryClient } from './query-client';

/**
 * The user service agreement and the privacy policy in force, one source for the sign-in dialog,
 * registration, /agreement and /privacy (docs/product/accounts.md "Agreement and privacy policy").
 */
export const legalDocumentQuery = (kind: LegalKind) =>
  queryOptions({
    queryKey: ['legal', kind],
    queryFn: () => apiGet<LegalDocument>(`/api/legal/${kind}`),
    staleTime: 5 * 60 * 1000,
  });

/** The signed-in user's standing with both texts (never cached across sessions). */
export const legalStatusQuery = (session: string | null) =>
  queryOptions({
    queryKey: ['auth', 'legal-status', session],
    queryFn: () => apiGet<LegalStatus>('/api/legal/me/status'),
    enabled: Boolean(session),
    staleTime: 0,
  });

/** 同意 a version: the server records it with the time and answers the new standing. */
export async function acceptLegal(kind: LegalKind, version: number): Promise<LegalStatus> {
  const status = await apiPost<LegalStatus>(
    '/api/legal/me/acceptances',
    { kind, version },
    { toast: true },
  );
  queryClient.setQueriesData({ queryKey: ['auth', 'legal-status'] }, status);
  return status;
}

/**
 * The agreement version the sign-in and registration forms show (and so the one a tick accepts),
 * sent with the sign-in so the server records it; undefined when it cannot be read.
 */
export async function shownAgreementVersion(): Promise<number | undefined> {
  try {
    return (await queryClient.fetchQuery(legalDocumentQuery('agreement'))).version;
  } catch {
    return undefined;
  }
}
