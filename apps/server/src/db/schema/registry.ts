import { date, index, integer, jsonb, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { encryptedText } from '../identity-cipher';
import { areaM2, createdAt, idColumn } from './columns';
import { districts, projects } from './projects';

/**
 * Dictionaries of the listing form (docs/product/listings.md): decorates, house_direction, struct_type, right_limit, elevator_flag,
 * properties, area_code, rent_type, rent_pay_type, right_certificate_type. The API's `id` is `code`.
 */
export const dictionaries = pgTable(
  'dictionaries',
  {
    id: idColumn(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    unique('dictionaries_type_code_uq').on(t.type, t.code),
    index('dictionaries_type_sort_idx').on(t.type, t.sort),
  ],
);

/**
 * The property-ownership registry that listing verification (房源核验) checks against.
 * certificate_type: 1 房屋所有权证, 2 不动产权证书.
 */
export const ownershipRecords = pgTable(
  'ownership_records',
  {
    id: idColumn(),
    certificateType: smallint('certificate_type').notNull(),
    certificateNum: text('certificate_num').notNull(),
    /** The owner, encrypted at rest (db/identity-cipher.ts). */
    ownerName: encryptedText('owner_name').notNull(),
    ownerIdCard: encryptedText('owner_id_card').notNull(),
    /** Keyed hash of the owner's ID number: verification looks records up by it. */
    ownerIdCardHash: text('owner_id_card_hash'),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    communityName: text('community_name'),
    address: text('address').notNull(),
    /** Build area, ㎡. */
    area: areaM2('area').notNull(),
    /** 住宅 / 商业 / 办公 … */
    housePurpose: text('house_purpose'),
    registerDate: date('register_date', { mode: 'string' }),
  },
  (t) => [
    unique('ownership_records_certificate_uq').on(t.certificateType, t.certificateNum),
    index('ownership_records_owner_idx').on(t.ownerIdCardHash),
  ],
);

/** One row of the buyer query's house list (docs/product/registry.md). */
export interface BuyerHouseItem {
  address: string;
  cell: string;
  housenum: string;
  useTo: string;
  /** ㎡ */
  buildArea: number;
}

/** Payment plan rows: sellType (一次性付款, 商业贷款 …) and amount in yuan. */
export interface BuyerSellItem {
  sellType: string;
  price: number;
}

/** Funds received into the supervision account: bank, account, money in yuan. */
export interface BuyerAccountItem {
  bank: string;
  account: string;
  money: number;
}

/**
 * Buyer registry behind /yszjpage (supervised funds received) and /spfqypage (signed contracts):
 * a buyer proves access with district + ID number + contract number + purchase password.
 */
export const buyerRecords = pgTable(
  'buyer_records',
  {
    id: idColumn(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    /** The buyer's ID number and name, encrypted at rest (db/identity-cipher.ts). */
    idCard: encryptedText('id_card').notNull(),
    /** Keyed hash of the ID number: the buyer query looks records up by it. */
    idCardHash: text('id_card_hash'),
    buyerName: encryptedText('buyer_name').notNull(),
    /** 网签合同编号. */
    netSignNumber: text('net_sign_number').notNull(),
    /** scrypt hash of the purchase password (购房密码). */
    passwordHash: text('password_hash').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    houseList: jsonb('house_list').$type<BuyerHouseItem[]>().notNull(),
    sellList: jsonb('sell_list').$type<BuyerSellItem[]>().notNull(),
    accountList: jsonb('account_list').$type<BuyerAccountItem[]>().notNull(),
    signDate: date('sign_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [unique('buyer_records_lookup_uq').on(t.districtCode, t.idCardHash, t.netSignNumber)],
);
