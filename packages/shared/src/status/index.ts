/**
 * Every status family of the service: its codes and its labels, one module each, defined once
 * here and used by the server, the citizen pages and the operator console (docs/glossary.md,
 * docs/decisions/0045-status-constants.md). Members are UPPER_SNAKE names (`PAY_STATUS.PAID`);
 * code compares status fields with these names, never with bare numbers (an ESLint rule checks it).
 */
export * from './delay';
export * from './feedback';
export * from './listing-check';
export * from './news';
export * from './pay';
export * from './project';
export * from './refund';
export * from './room-sale';
export {
  LISTING_STATUS,
  LISTING_STATUS_CODES,
  LISTING_STATUS_LABEL,
  listingStatusLabel,
  type ListingStatusCode,
} from '../constants/listing-status';
export {
  LISTING_REPORT_STATUS,
  LISTING_REPORT_STATUS_LABEL,
  CHECK_CODE_STATUS,
  type ListingReportStatus,
  type CheckCodeStatus,
} from '../constants/listing-trust';
export {
  CHAT_REPORT_STATUS,
  CHAT_REPORT_STATUSES,
  CHAT_REPORT_STATUS_LABEL,
  type ChatReportStatus,
} from '../constants/chat';
export * from './lottery';
