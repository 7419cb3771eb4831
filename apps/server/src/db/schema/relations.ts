import { relations } from 'drizzle-orm';
import { chatConversations, chatMessages } from './chat';
import { licences, supervisionAccounts } from './licences';
import { secondHandListings, listingPictures, listingTags, listingVerifications } from './listings';
import { news } from './news';
import { orderLogs, orders, payments } from './orders';
import { houseModels, projectTags, tags } from './project-content';
import { companies, districts, projects } from './projects';
import { buildings, rooms, units } from './rooms';
import { users } from './users';

/** Relations for Drizzle's relational queries (`db.query.projects.findFirst({ with: … })`). */
export const projectsRelations = relations(projects, ({ one, many }) => ({
  district: one(districts, { fields: [projects.districtCode], references: [districts.code] }),
  company: one(companies, { fields: [projects.companyId], references: [companies.id] }),
  projectTags: many(projectTags),
  houseModels: many(houseModels),
  buildings: many(buildings),
  licences: many(licences),
  supervisionAccounts: many(supervisionAccounts),
  news: many(news),
}));

export const companiesRelations = relations(companies, ({ many }) => ({
  projects: many(projects),
}));

export const projectTagsRelations = relations(projectTags, ({ one }) => ({
  project: one(projects, { fields: [projectTags.projectId], references: [projects.id] }),
  tag: one(tags, { fields: [projectTags.tagId], references: [tags.id] }),
}));

export const houseModelsRelations = relations(houseModels, ({ one }) => ({
  project: one(projects, { fields: [houseModels.projectId], references: [projects.id] }),
}));

export const licencesRelations = relations(licences, ({ one, many }) => ({
  project: one(projects, { fields: [licences.projectId], references: [projects.id] }),
  buildings: many(buildings),
}));

export const supervisionAccountsRelations = relations(supervisionAccounts, ({ one }) => ({
  project: one(projects, { fields: [supervisionAccounts.projectId], references: [projects.id] }),
}));

export const buildingsRelations = relations(buildings, ({ one, many }) => ({
  project: one(projects, { fields: [buildings.projectId], references: [projects.id] }),
  licence: one(licences, { fields: [buildings.licenceId], references: [licences.id] }),
  units: many(units),
  rooms: many(rooms),
}));

export const unitsRelations = relations(units, ({ one, many }) => ({
  building: one(buildings, { fields: [units.buildingId], references: [buildings.id] }),
  rooms: many(rooms),
}));

export const roomsRelations = relations(rooms, ({ one, many }) => ({
  project: one(projects, { fields: [rooms.projectId], references: [projects.id] }),
  building: one(buildings, { fields: [rooms.buildingId], references: [buildings.id] }),
  unit: one(units, { fields: [rooms.unitId], references: [units.id] }),
  houseModel: one(houseModels, { fields: [rooms.houseModelId], references: [houseModels.id] }),
  orders: many(orders),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  room: one(rooms, { fields: [orders.roomId], references: [rooms.id] }),
  project: one(projects, { fields: [orders.projectId], references: [projects.id] }),
  logs: many(orderLogs),
  payments: many(payments),
}));

export const orderLogsRelations = relations(orderLogs, ({ one }) => ({
  order: one(orders, { fields: [orderLogs.orderId], references: [orders.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

export const newsRelations = relations(news, ({ one }) => ({
  project: one(projects, { fields: [news.projectId], references: [projects.id] }),
}));

export const secondHandListingsRelations = relations(secondHandListings, ({ one, many }) => ({
  user: one(users, { fields: [secondHandListings.userId], references: [users.id] }),
  verification: one(listingVerifications, {
    fields: [secondHandListings.checkId],
    references: [listingVerifications.id],
  }),
  pictures: many(listingPictures),
  listingTags: many(listingTags),
}));

export const listingPicturesRelations = relations(listingPictures, ({ one }) => ({
  listing: one(secondHandListings, {
    fields: [listingPictures.listingId],
    references: [secondHandListings.id],
  }),
}));

export const listingTagsRelations = relations(listingTags, ({ one }) => ({
  listing: one(secondHandListings, {
    fields: [listingTags.listingId],
    references: [secondHandListings.id],
  }),
  tag: one(tags, { fields: [listingTags.tagId], references: [tags.id] }),
}));

export const chatConversationsRelations = relations(chatConversations, ({ many }) => ({
  messages: many(chatMessages),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  conversation: one(chatConversations, {
    fields: [chatMessages.conversationId],
    references: [chatConversations.id],
  }),
}));
