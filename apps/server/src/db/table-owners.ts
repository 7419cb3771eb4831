import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';

/** The schema's exported names that are tables (relations and types aside). */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * Who owns each table (docs/decisions/0075-one-owner-per-table.md): a module of
 * `apps/server/src/modules` by its folder's name, or, for the few tables an outside service's
 * simulator or store keeps for itself, its folder under `apps/server/src` (`integrations/bank`).
 * Only the owner's files insert, update or delete the table's rows; any other module asks the
 * owner through its `index.ts`. Another module reads the table only through the owner's read face,
 * `modules/<owner>/tables.ts` (and its conditions or queries where a rule of the product decides
 * what may be seen), never from `db/schema`. `apps/server/test/table-owners.test.ts` holds the
 * source to this map and fails when a table of `db/schema` is missing from it (so does the type
 * below).
 */
export const TABLE_OWNERS: Record<TableName, string> = {
  // db/schema/users.ts: accounts, sessions and sign-in are created and answered by auth
  // (docs/decisions/0047-layers-and-one-validation-path.md).
  users: 'auth',
  passwordSignInFailures: 'auth',
  sessions: 'auth',
  smsCodes: 'auth',
  wechatTickets: 'integrations/wechat',
  realnameRequests: 'integrations/realname',
  // db/schema/admin.ts
  adminAuditLog: 'audit',
  operatorSignInFailures: 'auth',
  // db/schema/projects.ts, project-content.ts, licences.ts
  districts: 'projects',
  companies: 'projects',
  projects: 'projects',
  tags: 'projects',
  projectTags: 'projects',
  houseModels: 'projects',
  attachments: 'projects',
  licences: 'projects',
  supervisionAccounts: 'projects',
  // db/schema/rooms.ts: the building table (a room's colour included)
  buildings: 'building-table',
  units: 'building-table',
  rooms: 'building-table',
  roomEvents: 'building-table',
  buildingVersions: 'building-table',
  // db/schema/orders.ts
  orders: 'orders',
  orderLogs: 'orders',
  payments: 'orders',
  bankSimTrades: 'integrations/bank',
  // db/schema/news.ts
  news: 'news',
  banners: 'news',
  // db/schema/account.ts, interaction.ts
  favourites: 'favourites',
  notices: 'notices',
  feedback: 'feedback',
  feedbackCaptchas: 'feedback',
  recommendDemands: 'recommend',
  // db/schema/registry.ts
  dictionaries: 'registry',
  ownershipRecords: 'registry',
  buyerRecords: 'registry',
  // db/schema/listings.ts, listing-trust.ts
  listingVerifications: 'listings',
  secondHandListings: 'listings',
  listingPictures: 'listings',
  listingTags: 'listings',
  readVersions: 'listings',
  listingDrafts: 'listings',
  listingCheckCodes: 'listings',
  listingReports: 'listings',
  listingReportPhotos: 'listings',
  // db/schema/analytics.ts
  questionnaires: 'analytics',
  dealStats: 'analytics',
  // db/schema/site.ts
  siteSettings: 'site',
  merchants: 'site',
  groupBuySignups: 'projects',
  // db/schema/chat.ts
  chatConversations: 'chat',
  chatMessages: 'chat',
  chatChannels: 'chat',
  chatBlocks: 'chat',
  chatReports: 'chat',
  // db/schema/history.ts, price-history.ts, legal.ts, telemetry.ts, places.ts
  browsingHistory: 'history',
  priceChanges: 'price-history',
  legalDocuments: 'legal',
  legalAcceptances: 'legal',
  webVitalCounts: 'telemetry',
  pois: 'places',
  communities: 'places',
  // db/schema/questions.ts
  questions: 'questions',
  dailyViews: 'activity',
  // db/schema/subscriptions.ts
  subscriptions: 'subscriptions',
  subscriptionEvents: 'subscriptions',
  subscriptionDeliveries: 'subscriptions',
  // db/schema/lottery.ts
  lotteryBatches: 'lottery',
  lotteryRegistrations: 'lottery',
  lotteryPeople: 'lottery',
  lotteryPlaces: 'lottery',
  lotterySms: 'lottery',
  lotteryProofs: 'lottery',
};
