import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { coordinate, createdAt, idColumn, updatedAt } from './columns';
import { districts } from './projects';

/**
 * Points of interest (周边配套) kept by operators: imported from a CSV or GeoJSON file or seeded.
 * category: the codes of `POI_CATEGORY` (packages/shared/src/constants/places.ts). school_zone:
 * the 学区 a school serves, where known. Coordinates GCJ-02 like every other position.
 */
export const pois = pgTable(
  'pois',
  {
    id: idColumn(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    districtCode: text('district_code').references(() => districts.code),
    address: text('address'),
    schoolZone: text('school_zone'),
    lng: coordinate('lng').notNull(),
    lat: coordinate('lat').notNull(),
    /** `seed`, or `import` for a row an operator's file brought in. */
    source: text('source').notNull().default('import'),
    createdAt: createdAt(),
  },
  (t) => [
    /** Within-radius reads narrow to a box on lat, then lng, before measuring distances. */
    index('pois_lat_lng_idx').on(t.lat, t.lng),
    unique('pois_category_name_position_uq').on(t.category, t.name, t.lng, t.lat),
    check(
      'pois_category_check',
      sql`${t.category} in ('school', 'kindergarten', 'metro', 'bus', 'hospital', 'shop', 'park', 'bank')`,
    ),
  ],
);

/**
 * Communities (小区) of second-hand listings: listings name theirs by `community_name` in the same
 * district, which the community page and the listing's link match on (docs/product/communities.md).
 * property_fee: 物业费, yuan per ㎡ a month.
 */
export const communities = pgTable(
  'communities',
  {
    id: idColumn(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    lng: coordinate('lng'),
    lat: coordinate('lat'),
    buildYearFrom: smallint('build_year_from'),
    buildYearTo: smallint('build_year_to'),
    buildingCount: smallint('building_count'),
    householdCount: integer('household_count'),
    propertyCompany: text('property_company'),
    propertyFee: numeric('property_fee', { precision: 6, scale: 2, mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [unique('communities_district_name_uq').on(t.districtCode, t.name)],
);
