import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listingTags, secondHandListings } from '../../db/schema/index';
import { tags } from '../projects/tables';
import { notHiddenByReports } from './listings.queries';

const L = secondHandListings;

/*
 * The reads of the in-process listing search index (`listing-search-index.ts`): one statement
 * over the narrow columns of the public listings, and one for their tags.
 */

/** The public listings (published, not hidden by reports) with the columns the index keeps. */
export async function selectIndexRows(db: Db) {
  return db
    .select({
      id: L.id,
      type: L.type,
      title: L.title,
      coverPath: L.coverPath,
      direction: L.direction,
      decorates: L.decorates,
      houseType: L.houseType,
      age: L.age,
      bedroom: L.bedroom,
      room: L.room,
      toilet: L.toilet,
      buildArea: L.buildArea,
      floorNum: L.floorNum,
      totalFloor: L.totalFloor,
      districtCode: L.districtCode,
      communityName: L.communityName,
      address: L.address,
      publishTime: L.publishTime,
      publishMicros: sql<
        number | string | null
      >`(extract(epoch from ${L.publishTime}) * 1000000)::float8`,
      price: L.price,
      pricePerSquareMetre: L.pricePerSquareMetre,
      rentPay: L.rentPay,
      rentType: L.rentType,
      publishStatus: L.publishStatus,
      reviewNote: L.reviewNote,
      viewCount: L.viewCount,
      lng: L.lng,
      lat: L.lat,
      bigrams: sql<string | null>`${L.searchBigrams}::text`,
    })
    .from(L)
    .where(and(eq(L.publishStatus, LISTING_STATUS.PUBLISHED), notHiddenByReports()));
}

/** The tags of the published listings, in tag order. */
export async function selectIndexTags(db: Db) {
  return db
    .select({ listingId: listingTags.listingId, id: tags.id, tagName: tags.tagName })
    .from(listingTags)
    .innerJoin(tags, eq(tags.id, listingTags.tagId))
    .innerJoin(L, eq(L.id, listingTags.listingId))
    .where(eq(L.publishStatus, LISTING_STATUS.PUBLISHED))
    .orderBy(asc(tags.sort), asc(tags.id));
}
