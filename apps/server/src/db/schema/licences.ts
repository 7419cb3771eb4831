import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';
import { districts, projects } from './projects';

/** Pre-sale licences (预售许可证), public in /licensedemand and on the building table. */
export const licences = pgTable(
  'licences',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Buildings covered, as shown (e.g. 1#、2#楼). */
    buildingNames: text('building_names').notNull(),
    /** 预售许可证号 (presellLicence). */
    licenceNo: text('licence_no').notNull().unique(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** 录入日期: when the licence was registered in the system (shown as statusDate). */
    statusDate: date('status_date', { mode: 'string' }).notNull(),
    /** Pre-sale scope text (预售范围). */
    scope: text('scope'),
    /** Supervising bank and account for pre-sale funds. */
    bank: text('bank'),
    account: text('account'),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    /** 坐落 (location), shown in the licence query. */
    address: text('address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('licences_project_idx').on(t.projectId),
    index('licences_district_date_idx').on(t.districtCode, t.statusDate),
  ],
);

/** Pre-sale fund supervision accounts (预售资金监管账户), public in /fundsupervision. */
export const supervisionAccounts = pgTable(
  'supervision_accounts',
  {
    id: idColumn(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 监管范围, e.g. 1#、2#楼. */
    scope: text('scope').notNull(),
    bank: text('bank').notNull(),
    account: text('account').notNull(),
    /** Developer name as on the agreement. */
    company: text('company').notNull(),
    /** Agreement signing date. */
    statusDate: date('status_date', { mode: 'string' }).notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    createdAt: createdAt(),
  },
  (t) => [
    index('supervision_accounts_project_idx').on(t.projectId),
    index('supervision_accounts_district_date_idx').on(t.districtCode, t.statusDate),
  ],
);
