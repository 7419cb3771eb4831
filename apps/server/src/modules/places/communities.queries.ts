import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { LISTING_STATUS } from '@portal/shared/constants/listing-status';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import { orientationName } from '@portal/shared/constants/places';
import type { CommunityDetail, ListingPlace } from '@portal/shared/schemas/places';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { communities } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { selectListingPriceTrend } from '../analytics/index';
import { isPublicListing, secondHandListings } from '../listings/tables';

const L = secondHandListings;

/**
 * A published listing's position (else its community's) and the 小区 record it names (same district and name; null
 * when the city has none); 70002 for a listing that is not public.
 */
export async function placeOfListing(db: Db, listingId: number): Promise<ListingPlace> {
  const [row] = await db
    .select({
      lng: L.lng,
      lat: L.lat,
      id: communities.id,
      name: communities.name,
      communityLng: communities.lng,
      communityLat: communities.lat,
    })
    .from(L)
    .leftJoin(
      communities,
      and(eq(communities.districtCode, L.districtCode), eq(communities.name, L.communityName)),
    )
    .where(and(eq(L.id, listingId), isPublicListing()));
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  // A listing without a position of its own (published before positions were kept) is placed
  // at its community.
  const own = row.lng !== null && row.lat !== null;
  return {
    lng: own ? row.lng : row.communityLng,
    lat: own ? row.lat : row.communityLat,
    community: row.id !== null && row.name !== null ? { id: row.id, name: row.name } : null,
  };
}

/**
 * The 小区 page (docs/product/communities.md): the community's record, the published sale and
 * rent listings that name it in its district (the counts are those listings), the closed sales
 * the city recorded there, and the dashboard's monthly asking price, the community's own line or
 * else its district's.
 */
export async function readCommunity(
  db: Db,
  id: number,
  now = new Date(),
): Promise<CommunityDetail> {
  const [community] = await db.select().from(communities).where(eq(communities.id, id));
  if (!community) throw new AppError('COMMUNITY_NOT_FOUND');
  const here = and(eq(L.districtCode, community.districtCode), eq(L.communityName, community.name));
  const [listings, closed, trend] = await Promise.all([
    db
      .select()
      .from(L)
      .where(and(here, isPublicListing()))
      .orderBy(desc(L.publishTime), desc(L.id)),
    db
      .select({ title: L.title, price: L.price, buildArea: L.buildArea, closedAt: L.updatedAt })
      .from(L)
      .where(
        and(here, eq(L.type, LISTING_TYPE.SALE), inArray(L.publishStatus, [LISTING_STATUS.CLOSED])),
      )
      .orderBy(desc(L.updatedAt))
      .limit(10),
    selectListingPriceTrend(db, now, community.districtCode as DistrictCode),
  ]);
  const sales = listings.filter((l) => l.type === LISTING_TYPE.SALE);
  const units = sales.filter((l) => l.buildArea > 0).map((l) => l.price / l.buildArea);
  const own = trend.communities.find((line) => line.name === community.name);
  const line = own ?? trend.districts.find((d) => d.district === community.districtCode);
  return {
    id: community.id,
    name: community.name,
    districtCode: community.districtCode,
    districtName: DISTRICT_NAME[community.districtCode as DistrictCode] ?? community.districtCode,
    address: community.address,
    lng: community.lng,
    lat: community.lat,
    buildYearFrom: community.buildYearFrom,
    buildYearTo: community.buildYearTo,
    buildingCount: community.buildingCount,
    householdCount: community.householdCount,
    propertyCompany: community.propertyCompany,
    propertyFee: community.propertyFee,
    saleCount: sales.length,
    rentCount: listings.length - sales.length,
    saleAvgPrice:
      units.length > 0 ? Math.round(units.reduce((s, u) => s + u, 0) / units.length) : null,
    listings: listings.map((l) => ({
      id: l.id,
      type: l.type,
      title: l.title,
      price: l.price,
      buildArea: l.buildArea,
      bedroom: l.bedroom,
      room: l.room,
      directionStr: orientationName(l.direction),
      coverPath: l.coverPath,
    })),
    recentDeals: closed.map((d) => ({ ...d, closedAt: d.closedAt.toISOString() })),
    priceHistoryScope: own ? 'community' : 'district',
    priceHistory: trend.months.map((month, i) => ({ month, price: line?.averages[i] ?? null })),
  };
}
