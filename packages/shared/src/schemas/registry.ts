import { z } from 'zod';
import { DEFAULT_DISTRICT, DISTRICT_CODES } from '../constants/districts';
import { isValidIdCard } from '../validators';
import { pagedOf } from './common';

/** Page sizes of the licence and supervision tables (docs/product/registry.md); 10 is the default. */
export const REGISTRY_PAGE_SIZES = [10, 20, 30, 50] as const;

/** Longest keyword the registry tables accept, in characters. */
export const REGISTRY_KEYWORD_MAX = 50;

const keyword = z.string().trim().max(REGISTRY_KEYWORD_MAX).default('');

/** District filter of the registry tables: a code, or '' for 全部; HGQ when absent (docs/product/registry.md). */
const areaCode = z.enum(['', ...DISTRICT_CODES]).default(DEFAULT_DISTRICT);

const registryPaging = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (REGISTRY_PAGE_SIZES as readonly number[]).includes(size), {
      message: '每页条数只能是 10、20、30 或 50',
    })
    .default(10),
});

/** GET /api/registry/licences: 项目名称 and 开发企业 keywords, trimmed. */
export const licenceQuerySchema = registryPaging.extend({
  projectName: keyword,
  company: keyword,
  areaCode,
});
export type LicenceQuery = z.infer<typeof licenceQuerySchema>;

/** One row of the pre-sale licence query (docs/product/registry.md). statusDate is the 录入日期 (YYYY-MM-DD). */
export const licenceRowSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  buildNum: z.string(),
  address: z.string(),
  company: z.string(),
  presellLicence: z.string(),
  statusDate: z.string(),
});
export type LicenceRow = z.infer<typeof licenceRowSchema>;
export const licencePageSchema = pagedOf(licenceRowSchema);

/** GET /api/registry/supervision-accounts: one keyword (project name or developer), trimmed. */
export const supervisionQuerySchema = registryPaging.extend({ keyword, areaCode });
export type SupervisionQuery = z.infer<typeof supervisionQuerySchema>;

/** One row of the fund supervision account notice; statusDate is the agreement signing date. */
export const supervisionRowSchema = z.object({
  id: z.number().int(),
  projectName: z.string(),
  scope: z.string(),
  bank: z.string(),
  account: z.string(),
  company: z.string(),
  statusDate: z.string(),
});
export type SupervisionRow = z.infer<typeof supervisionRowSchema>;
export const supervisionPageSchema = pagedOf(supervisionRowSchema);

/** Buyer query form texts (docs/product/registry.md). */
export const BUYER_QUERY_MESSAGES = {
  areaRequired: '请选择区域',
  idPlaceholder: '请输入购房人身份证号',
  idRequired: '身份证号不能为空',
  idInvalid: '请输入有效的身份证号',
  contractRequired: '请输入合同编号',
  passwordRequired: '请输入购房密码',
} as const;

/** POST /api/registry/buyer-funds and /buyer-contracts: the buyer's credentials, trimmed. */
export const buyerQuerySchema = z.object({
  areaCode: z.enum(DISTRICT_CODES, { message: BUYER_QUERY_MESSAGES.areaRequired }),
  idcard: z
    .string()
    .trim()
    .min(1, BUYER_QUERY_MESSAGES.idRequired)
    .refine((value) => isValidIdCard(value), { message: BUYER_QUERY_MESSAGES.idInvalid }),
  netsignnum: z.string().trim().min(1, BUYER_QUERY_MESSAGES.contractRequired).max(40),
  password: z.string().trim().min(1, BUYER_QUERY_MESSAGES.passwordRequired).max(64),
});
export type BuyerQuery = z.infer<typeof buyerQuerySchema>;

export const buyerHouseSchema = z.object({
  address: z.string(),
  cell: z.string(),
  housenum: z.string(),
  useTo: z.string(),
  /** ㎡ */
  buildArea: z.number(),
});
/** Payment plan row; price in yuan. */
export const buyerSellSchema = z.object({ sellType: z.string(), price: z.number() });
/** Funds received into the supervision account; money in yuan. */
export const buyerAccountSchema = z.object({
  bank: z.string(),
  account: z.string(),
  money: z.number(),
});

/** /spfqypage result: house and price info only. */
export const buyerContractResultSchema = z.object({
  houseList: z.array(buyerHouseSchema),
  sellList: z.array(buyerSellSchema),
});
export type BuyerContractResult = z.infer<typeof buyerContractResultSchema>;

/** /yszjpage result: house, price and the supervised funds received. */
export const buyerFundsResultSchema = buyerContractResultSchema.extend({
  accountList: z.array(buyerAccountSchema),
});
export type BuyerFundsResult = z.infer<typeof buyerFundsResultSchema>;
