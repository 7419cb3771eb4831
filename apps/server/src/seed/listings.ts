import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import { LISTING_CHECK_STATUS, LISTING_CHECK_STATUS_LABEL } from '@portal/shared/status';
import { identityHashOf } from '../db/identity-cipher';
import {
  listingPictures,
  listingTags,
  listingVerifications,
  ownershipRecords,
  secondHandListings,
} from '../db/schema/index';
import { addDays, beijingDate, type SeedContext } from './context';
import { insertRows } from './database';
import { DEMO_OWNERSHIP, formatRealEstateCertificateNum } from './demo-accounts';
import { randomIdCard } from './id-card';
import { buildListing, LISTING_DISTRICTS, type ListingRow } from './listing-plan';
import { planListingTrust, writeListingTrust } from './listing-trust';
import { communityName, DISTRICT_SHORT, personName, streetAddress } from './names';
import type { Rng } from './random';
import type { SeededTags } from './reference';
import type { SeededUsers, SeedUser } from './users';

type OwnershipRow = typeof ownershipRecords.$inferInsert & { id: number };
type VerificationRow = typeof listingVerifications.$inferInsert & { id: number };

export interface SeededListings {
  listings: ListingRow[];
}

/** Builds ownership-registry rows with unique certificate numbers. */
function ownershipFactory(rng: Rng, now: Date) {
  let id = 0;
  let serial = 100_000;
  return (
    owner: { name: string; idCard: string },
    district: DistrictCode,
    area: number,
    address?: string,
  ): OwnershipRow => {
    id += 1;
    serial += rng.int(1, 40);
    const year = rng.int(2008, 2024);
    const type = year >= 2016 ? LISTING_TYPE.RENT : LISTING_TYPE.SALE;
    return {
      id,
      certificateType: type,
      certificateNum:
        type === LISTING_TYPE.RENT
          ? formatRealEstateCertificateNum(year, String(serial).padStart(7, '0'))
          : `房权证${DISTRICT_SHORT[district]}字第${year}${String(serial).padStart(6, '0')}号`,
      ownerName: owner.name,
      ownerIdCard: owner.idCard,
      ownerIdCardHash: identityHashOf(owner.idCard),
      districtCode: district,
      communityName: communityName(rng),
      address: address ?? `${DISTRICT_NAME[district]}${streetAddress(rng, district)}`,
      area,
      housePurpose: '住宅',
      registerDate: beijingDate(addDays(now, -rng.int(400, 5000))),
    };
  };
}

/**
 * Writes the ownership registry (every listing's property, the demo buyer's unlisted properties
 * of DEMO_OWNERSHIP, and unrelated records), passed verifications, and `200 × scale` sale plus
 * `130 × scale` rental listings with pictures and tags, check codes and a few reports. The demo
 * buyer owns four listings.
 */
export async function seedListings(
  ctx: SeedContext,
  users: SeededUsers,
  tags: SeededTags,
): Promise<SeededListings> {
  const rng = ctx.rng('listings');
  const pics = ctx.pictures;
  const makeOwnership = ownershipFactory(rng, ctx.now);
  const ownership: OwnershipRow[] = [];
  const verifications: VerificationRow[] = [];
  const listings: ListingRow[] = [];
  const pictures: Array<typeof listingPictures.$inferInsert> = [];
  const tagRows: Array<typeof listingTags.$inferInsert> = [];

  const addListing = (user: SeedUser, type: ListingTypeCode, publishStatus: 1 | 2 | 3 | 4) => {
    const district = rng.weighted(LISTING_DISTRICTS);
    const id = listings.length + 1;
    const ownedByUser = rng.chance(0.9) || !user.realName;
    const owner = ownedByUser
      ? { name: user.realName ?? '', idCard: user.idCard ?? '' }
      : { name: personName(rng, rng.chance(0.5)), idCard: randomIdCard(rng, rng.chance(0.5)) };
    const houses = rng.sample(pics.interiors, rng.int(3, 6));
    const listing = buildListing(rng, {
      id,
      type,
      userId: user.id,
      userPhone: user.phone,
      checkId: id,
      publishStatus,
      district,
      reviewerId: users.admin.id,
      now: ctx.now,
      cover: houses[0] as string,
    });
    const record = makeOwnership(owner, district, listing.buildArea, listing.address as string);
    record.communityName = listing.communityName;
    ownership.push(record);
    verifications.push({
      id,
      userId: user.id,
      certificateType: record.certificateType,
      certificateNum: record.certificateNum,
      syear: record.certificateType === 2 ? record.certificateNum.slice(2, 6) : null,
      areaCode: district,
      ownerName: owner.name,
      ownerIdCard: owner.idCard,
      checkStatus: LISTING_CHECK_STATUS.PASSED,
      checkResult: LISTING_CHECK_STATUS_LABEL[LISTING_CHECK_STATUS.PASSED],
      ownershipRecordId: record.id,
      createdAt: addDays(listing.createdAt as Date, -0.1),
    });
    listings.push(listing);
    houses.forEach((path, sort) =>
      pictures.push({
        listingId: id,
        kind: 'house',
        path,
        name: `房屋照片${sort + 1}.jpg`,
        isCover: sort === 0,
        sort,
      }),
    );
    pictures.push({
      listingId: id,
      kind: 'certificate',
      path: pics.certificate,
      name: '房本.jpg',
      isCover: false,
      sort: 0,
    });
    pictures.push({
      listingId: id,
      kind: 'idcard',
      path: pics.idcard,
      name: '身份证.jpg',
      isCover: false,
      sort: 0,
    });
    if (!ownedByUser)
      pictures.push({
        listingId: id,
        kind: 'license',
        path: pics.license,
        name: '授权书.jpg',
        isCover: false,
        sort: 0,
      });
    for (const tag of rng.sample(type === LISTING_TYPE.SALE ? tags.sale : tags.rent, rng.int(2, 4)))
      tagRows.push({ listingId: id, tagId: tag.id });
  };

  const demo = users.demoBuyer;
  addListing(demo, 1, 3);
  addListing(demo, 1, 2);
  addListing(demo, 2, 3);
  addListing(demo, 2, 4);
  const owners = users.verifiedCitizens;
  const status = (i: number) =>
    i < 4
      ? (([1, 2, 4, 3] as const)[i] as 1 | 2 | 3 | 4)
      : rng.weighted<1 | 2 | 3 | 4>([
          [3, 80],
          [2, 8],
          [1, 6],
          [4, 6],
        ]);
  for (let i = 0; i < ctx.count(200, 6); i += 1) addListing(rng.pick(owners), 1, status(i));
  for (let i = 0; i < ctx.count(130, 5); i += 1) addListing(rng.pick(owners), 2, status(i));

  for (const record of DEMO_OWNERSHIP) {
    const row = makeOwnership(
      { name: record.ownerName, idCard: record.ownerIdCard },
      'HGQ',
      96.5,
      `${DISTRICT_NAME.HGQ}文化路${record.certificateType === 2 ? 88 : 126}号`,
    );
    ownership.push({
      ...row,
      certificateType: record.certificateType,
      certificateNum: record.certificateNum,
    });
  }
  for (let i = 0; i < ctx.count(60, 5); i += 1) {
    const male = rng.chance(0.5);
    const district = rng.weighted(LISTING_DISTRICTS);
    ownership.push(
      makeOwnership(
        { name: personName(rng, male), idCard: randomIdCard(rng, male) },
        district,
        Math.round(rng.real(45, 160) * 100) / 100,
      ),
    );
  }

  const trust = planListingTrust(ctx, listings, users);
  await insertRows(ctx.db, ownershipRecords, ownership);
  await insertRows(ctx.db, listingVerifications, verifications);
  await insertRows(ctx.db, secondHandListings, listings);
  await insertRows(ctx.db, listingPictures, pictures);
  await insertRows(ctx.db, listingTags, tagRows);
  await writeListingTrust(ctx, listings, verifications, ownership, users, trust);
  ctx.log(
    `listings: ${listings.length} listings, ${pictures.length} pictures, ${ownership.length} ownership records`,
  );
  return { listings };
}
