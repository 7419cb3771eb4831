import type { Paged } from '@portal/shared/api-code';
import type {
  BuyerContractResult,
  BuyerFundsResult,
  BuyerQuery,
  LicenceQuery,
  LicenceRow,
  SupervisionQuery,
  SupervisionRow,
} from '@portal/shared/schemas/registry';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

/** One page of the pre-sale licence query; a failure shows the server message as a toast. */
export function useLicencePage(query: LicenceQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['registry', 'licences', query],
      queryFn: () =>
        apiGet<Paged<LicenceRow>>('/api/registry/licences', { ...query }, { toast: true }),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** One page of the fund supervision account notice; failures toast the server message. */
export function useSupervisionPage(query: SupervisionQuery) {
  return useQuery(
    queryOptions({
      queryKey: ['registry', 'supervision-accounts', query],
      queryFn: () =>
        apiGet<Paged<SupervisionRow>>(
          '/api/registry/supervision-accounts',
          { ...query },
          { toast: true },
        ),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );
}

/** Which buyer query: 监管资金入账 (funds, with accounts) or 商品房签约 (contract). */
export type BuyerQueryKind = 'funds' | 'contract';

export type BuyerResult = BuyerContractResult & Partial<Pick<BuyerFundsResult, 'accountList'>>;

const BUYER_QUERY_PATH: Record<BuyerQueryKind, string> = {
  funds: '/api/registry/buyer-funds',
  contract: '/api/registry/buyer-contracts',
};

/** Runs a buyer query with the buyer's credentials; failures toast the server message. */
export function useBuyerQuery(kind: BuyerQueryKind) {
  return useMutation({
    mutationFn: (body: BuyerQuery) =>
      apiPost<BuyerResult>(BUYER_QUERY_PATH[kind], body, { toast: true }),
  });
}
