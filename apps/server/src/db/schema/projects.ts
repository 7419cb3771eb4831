import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import {
  areaM2,
  coordinate,
  createdAt,
  idColumn,
  timestampTz,
  tsvector,
  updatedAt,
} from './columns';

/** The nine districts: seven administrative ones and two functional zones (docs/product/new-build.md). */
export const districts = pgTable('districts', {
  /** HGQ, BDH, SHG, FN, CL, LL, QL, KFQ, BDHXQ. */
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  centerLng: coordinate('center_lng').notNull(),
  centerLat: coordinate('center_lat').notNull(),
  sort: smallint('sort').notNull().default(0),
});

/** Developers (开发企业). */
export const companies = pgTable('companies', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  /** 资质等级, e.g. 一级 / 二级 / 暂定. */
  qualificationLevel: text('qualification_level'),
  /** 资质证书编号. */
  qualificationNum: text('qualification_num'),
  legalPerson: text('legal_person'),
  contact: text('contact'),
  address: text('address'),
  createdAt: createdAt(),
});

/**
 * New-build projects (楼盘), every field the project pages show (docs/product/new-build.md).
 * Prices are integer yuan per ㎡; areas are ㎡.
 */
export const projects = pgTable(
  'projects',
  {
    id: idColumn(),
    /** 推广名, shown everywhere. */
    publishName: text('publish_name').notNull(),
    /** 备案名 (filing name). */
    projectName: text('project_name').notNull(),
    /** Path under the uploads root. */
    coverPath: text('cover_path'),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    projectAddress: text('project_address').notNull(),
    lng: coordinate('lng').notNull(),
    lat: coordinate('lat').notNull(),
    /** 平台价 (average listed price), yuan/㎡. */
    platformPrice: integer('platform_price').notNull(),
    /** Developer sale price shown struck through, yuan/㎡. */
    currentPrice: integer('current_price').notNull(),
    /** 备案价 (filed price), yuan/㎡. */
    publishPrice: integer('publish_price'),
    /** 1 待发布, 2 待审核, 3 已发布, 4 已下架; lists show 3 only. */
    publishStatus: smallint('publish_status').notNull().default(1),
    publishedAt: timestampTz('published_at'),
    /** Purpose codes (1 公寓, 2 商业, 3 办公, 4 其他, 5 住宅, 6 综合), one or more. */
    properties: smallint('properties')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    lastOpenDate: date('last_open_date', { mode: 'string' }),
    completionDate: date('completion_date', { mode: 'string' }),
    /** 在售 / 待售 / 售罄. */
    statusText: text('status_text'),
    /** 建筑类型, e.g. 高层、小高层、洋房. */
    buildTypeStr: text('build_type_str'),
    /** 装修标准, e.g. 毛坯 / 精装. */
    decorateStr: text('decorate_str'),
    /** 主力户型 summary, e.g. 两室、三室. */
    houseTypeStr: text('house_type_str'),
    /** 容积率. */
    volumeFraction: numeric('volume_fraction', { precision: 5, scale: 2, mode: 'number' }),
    /** 占地面积, ㎡. */
    coverArea: areaM2('cover_area'),
    /** 绿化率, percent. */
    greenCoverage: numeric('green_coverage', { precision: 5, scale: 2, mode: 'number' }),
    /** 建筑面积, ㎡. */
    area: areaM2('area'),
    /** 总户数. */
    houseCount: integer('house_count'),
    salesCenter: text('sales_center'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    propertyManagementCompany: text('property_management_company'),
    /** 物业费, yuan per ㎡ per month. */
    propertyManagementFee: numeric('property_management_fee', {
      precision: 6,
      scale: 2,
      mode: 'number',
    }),
    parkingLotCount: integer('parking_lot_count'),
    /** Consultation phone (咨询电话). */
    contact: text('contact'),
    repairsContact: text('repairs_contact'),
    newsContact: text('news_contact'),
    vrLink: text('vr_link'),
    /** 以旧换新 (trade-in) project, with its policy text. */
    tradein: boolean('tradein').notNull().default(false),
    tradeinContent: text('tradein_content'),
    /** Group-buy promotion (docs/product/new-build.md). */
    groupBuy: boolean('group_buy').notNull().default(false),
    /** 订约金 per order, yuan; 5,000–20,000 (docs/product/orders.md). */
    depositAmount: integer('deposit_amount').notNull().default(10000),
    /**
     * Live deposit orders one buyer identity may hold in this project at once (1 by default;
     * an operator may raise it). An identity holding a live order in another project may hold
     * none here (docs/product/orders.md).
     */
    identityOrderLimit: smallint('identity_order_limit').notNull().default(1),
    /**
     * Follower count: the one 关注 figure of a project (关注 … 人, the 关注度 column and sorts,
     * 猜你喜欢); favourites add to it.
     */
    collectNumber: integer('collect_number').notNull().default(0),
    /** Shown in 推荐楼盘 lists. */
    recommended: boolean('recommended').notNull().default(false),
    /** Character unigrams and bigrams of the names, address and developer (`db/bigrams.ts`). */
    searchBigrams: tsvector('search_bigrams'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_district_status_idx').on(t.districtCode, t.publishStatus),
    index('projects_status_price_idx').on(t.publishStatus, t.platformPrice),
    index('projects_status_collect_idx').on(t.publishStatus, t.collectNumber),
    index('projects_lat_lng_idx').on(t.lat, t.lng),
    index('projects_company_idx').on(t.companyId),
    index('projects_properties_idx').using('gin', t.properties),
    index('projects_search_idx').using('gin', t.searchBigrams),
    check('projects_publish_status_check', sql`${t.publishStatus} between 1 and 4`),
    check('projects_deposit_check', sql`${t.depositAmount} > 0`),
    check('projects_identity_order_limit_check', sql`${t.identityOrderLimit} between 1 and 10`),
  ],
);
