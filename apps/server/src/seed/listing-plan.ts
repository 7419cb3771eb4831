import { DISTRICT_NAME, type DistrictCode } from '@portal/shared/constants/districts';
import { LISTING_TYPE, type ListingTypeCode } from '@portal/shared/constants/listings';
import { titleOrientationConflict } from '@portal/shared/constants/places';
import { formatLayout } from '@portal/shared/format';
import { LISTING_STATUS } from '@portal/shared/status';
import { bigramTsVector } from '../db/bigrams';
import type { secondHandListings } from '../db/schema/index';
import { addDays, beijingDate } from './context';
import { samplePointInDistrict } from './geo';
import { communityName, streetAddress } from './names';
import type { Rng } from './random';
import { dictionaryName } from './reference';

/** Second-hand unit price range per district, yuan/㎡. */
const RESALE_PRICE: Record<DistrictCode, [number, number]> = {
  HGQ: [9000, 13000],
  KFQ: [8500, 12000],
  BDH: [11000, 18000],
  SHG: [6500, 9000],
  BDHXQ: [7000, 10000],
  FN: [4500, 6500],
  CL: [4000, 6000],
  LL: [3500, 5000],
  QL: [3200, 4600],
};

/** Monthly rent per ㎡ of a whole flat, yuan. */
const RENT_PER_M2: Record<DistrictCode, [number, number]> = {
  HGQ: [18, 30],
  KFQ: [16, 26],
  BDH: [22, 38],
  SHG: [13, 20],
  BDHXQ: [14, 24],
  FN: [10, 15],
  CL: [9, 14],
  LL: [8, 12],
  QL: [8, 12],
};

/** Where listings are, weighted like the population. */
export const LISTING_DISTRICTS: Array<[DistrictCode, number]> = [
  ['HGQ', 34],
  ['KFQ', 16],
  ['BDH', 12],
  ['SHG', 10],
  ['BDHXQ', 5],
  ['FN', 7],
  ['CL', 7],
  ['LL', 5],
  ['QL', 4],
];

const AREA_BY_BEDROOM: Record<number, [number, number]> = {
  1: [38, 60],
  2: [60, 95],
  3: [85, 140],
  4: [120, 180],
};
const SALE_HIGHLIGHTS = [
  '南北通透 满五唯一',
  '精装修 拎包入住',
  '高楼层 视野开阔',
  '近学校 交通便利',
  '海景房 采光好',
  '低总价 业主急售',
  '带车位 户型方正',
];
const RENT_HIGHLIGHTS = [
  '家电齐全 拎包入住',
  '近公交 随时看房',
  '南向 采光好',
  '押一付三 可短租',
  '精装修 安静整洁',
];

export type ListingRow = typeof secondHandListings.$inferInsert & {
  id: number;
  price: number;
  buildArea: number;
};

export interface ListingInput {
  id: number;
  type: ListingTypeCode;
  userId: number;
  userPhone: string;
  checkId: number;
  publishStatus: 1 | 2 | 3 | 4;
  district: DistrictCode;
  reviewerId: number;
  now: Date;
  cover: string;
}

/** Builds one listing row with dictionary codes, a believable price, title and description. */
export function buildListing(rng: Rng, input: ListingInput): ListingRow {
  const { type, district, now } = input;
  const bedroom = rng.weighted<number>([
    [1, 15],
    [2, 40],
    [3, 35],
    [4, 10],
  ]);
  const hall = bedroom >= 3 ? rng.int(1, 2) : 1;
  const toilet = bedroom >= 3 ? rng.int(1, 2) : 1;
  const [aMin, aMax] = AREA_BY_BEDROOM[bedroom] as [number, number];
  const buildArea = Math.round(rng.real(aMin, aMax) * 100) / 100;
  const totalFloor = rng.pick([6, 6, 7, 11, 18, 26, 33]);
  const floorNum = rng.int(1, totalFloor);
  const buildYear = rng.int(1995, 2022);
  const direction = rng.weighted<string>([
    ['9', 35],
    ['2', 25],
    ['5', 10],
    ['1', 6],
    ['3', 5],
    ['6', 5],
    ['7', 5],
    ['10', 5],
    ['4', 2],
    ['8', 2],
  ]);
  const decorates = rng.weighted<string>([
    ['1', 10],
    ['2', 40],
    ['3', 40],
    ['4', 10],
  ]);
  const community = communityName(rng);
  const address = `${DISTRICT_NAME[district]}${streetAddress(rng, district)}`;
  const rentType =
    type === LISTING_TYPE.RENT
      ? rng.weighted<string>([
          ['1', 8],
          ['2', 2],
        ])
      : null;
  let price: number;
  if (type === LISTING_TYPE.SALE) {
    const [pMin, pMax] = RESALE_PRICE[district];
    const unit = rng.real(pMin, pMax) * Math.max(0.7, 1 - Math.max(0, 2016 - buildYear) * 0.012);
    price = Math.round((buildArea * unit) / 1000) * 1000;
  } else if (rentType === '2') {
    price = Math.round(rng.real(600, 1500) / 50) * 50;
  } else {
    const [rMin, rMax] = RENT_PER_M2[district];
    price = Math.round((buildArea * rng.real(rMin, rMax)) / 50) * 50;
  }
  const layout = formatLayout(bedroom, hall);
  const picked = type === LISTING_TYPE.SALE ? rng.pick(SALE_HIGHLIGHTS) : rng.pick(RENT_HIGHLIGHTS);
  // A title never promises a 朝向 the flat does not have (the rule publishing enforces).
  const highlight = titleOrientationConflict(picked, direction)
    ? type === LISTING_TYPE.SALE
      ? '满五唯一 户型方正'
      : '采光好 随时看房'
    : picked;
  const title =
    type === LISTING_TYPE.SALE
      ? `${community} ${layout} ${highlight}`
      : `${rentType === '2' ? '合租' : '整租'} ${community} ${layout} ${highlight}`;
  const decorateName = dictionaryName('decorates', decorates);
  const description = [
    `房源位于${community}，${dictionaryName('house_direction', direction)}朝向，${decorateName}，建筑面积约${buildArea}平方米，户型方正，采光充足。`,
    `所在楼层${floorNum}/${totalFloor}层，${totalFloor > 7 ? '有电梯，出行方便' : '楼层适中，无电梯'}。小区环境安静，周边学校、菜市场、公交站一应俱全。`,
    type === LISTING_TYPE.SALE
      ? '产权清晰，手续齐全，可随时看房，诚心出售。'
      : '家具家电齐全，可拎包入住，房东诚心出租，欢迎随时联系看房。',
  ].join('');
  const published = input.publishStatus === LISTING_STATUS.PUBLISHED;
  const createdAt = addDays(now, -rng.real(1, 200));
  const publishTime = published ? addDays(createdAt, rng.real(0.2, 1)) : null;
  const [lng, lat] = samplePointInDistrict(rng, district);
  return {
    id: input.id,
    type,
    userId: input.userId,
    checkId: input.checkId,
    districtCode: district,
    communityName: community,
    address,
    buildNum: String(rng.int(1, 24)),
    cellNum: String(rng.int(1, 4)),
    houseNum: `${floorNum}0${rng.int(1, 4)}`,
    bedroom,
    room: hall,
    toilet,
    buildArea,
    floorNum,
    totalFloor,
    direction,
    decorates,
    buildType:
      type === LISTING_TYPE.SALE
        ? totalFloor <= 7
          ? rng.pick(['1', '4'])
          : rng.pick(['1', '2', '3'])
        : null,
    rightLimit:
      type === LISTING_TYPE.SALE
        ? rng.weighted<string>([
            ['1', 9],
            ['2', 1],
          ])
        : null,
    houseType:
      type === LISTING_TYPE.SALE
        ? rng.weighted<string>([
            ['5', 9],
            ['1', 1],
          ])
        : null,
    elevator: totalFloor > 7 ? '1' : '0',
    rentPay:
      type === LISTING_TYPE.RENT
        ? rng.weighted<string>([
            ['4', 5],
            ['3', 2],
            ['2', 2],
            ['1', 1],
          ])
        : null,
    rentType,
    checkIn:
      type === LISTING_TYPE.RENT && rng.chance(0.5)
        ? beijingDate(addDays(now, rng.int(0, 30)))
        : null,
    price,
    pricePerSquareMetre: type === LISTING_TYPE.SALE ? Math.round(price / buildArea) : null,
    title,
    description,
    age: buildYear,
    userPhone: input.userPhone,
    coverPath: input.cover,
    publishStatus: input.publishStatus,
    publishTime,
    reviewNote:
      input.publishStatus === LISTING_STATUS.REJECTED
        ? '房源照片不清晰，请补充上传后重新提交'
        : null,
    reviewedAt:
      published || input.publishStatus === LISTING_STATUS.REJECTED ? addDays(createdAt, 0.5) : null,
    reviewerId:
      published || input.publishStatus === LISTING_STATUS.REJECTED ? input.reviewerId : null,
    viewCount: published ? rng.int(10, 3000) : 0,
    lng,
    lat,
    searchBigrams: bigramTsVector(title, community, address),
    createdAt,
    updatedAt: publishTime ?? createdAt,
  };
}
