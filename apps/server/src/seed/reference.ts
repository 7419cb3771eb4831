import { DISTRICT_CENTRES } from '@portal/shared/constants/district-outlines';
import { DISTRICTS, type DistrictCode } from '@portal/shared/constants/districts';
import { dictionaries, districts, tags } from '../db/schema/index';
import type { SeedContext } from './context';
import { insertRows } from './database';

/** Dictionary items of the listing form (docs/product/listings.md) as [code, name], in display order. */
export const DICTIONARY_ITEMS: Record<string, Array<[string, string]>> = {
  decorates: [
    ['1', '毛坯'],
    ['2', '简装'],
    ['3', '精装'],
    ['4', '豪装'],
  ],
  house_direction: [
    ['1', '东'],
    ['2', '南'],
    ['3', '西'],
    ['4', '北'],
    ['5', '东南'],
    ['6', '东北'],
    ['7', '西南'],
    ['8', '西北'],
    ['9', '南北'],
    ['10', '东西'],
  ],
  struct_type: [
    ['1', '板楼'],
    ['2', '塔楼'],
    ['3', '板塔结合'],
    ['4', '砖混'],
    ['5', '平房'],
    ['6', '别墅'],
  ],
  right_limit: [
    ['1', '70年'],
    ['2', '50年'],
    ['3', '40年'],
  ],
  elevator_flag: [
    ['1', '有电梯'],
    ['0', '无电梯'],
  ],
  properties: [
    ['1', '公寓'],
    ['2', '商业'],
    ['3', '办公'],
    ['4', '其他'],
    ['5', '住宅'],
    ['6', '综合'],
  ],
  area_code: DISTRICTS.map((d) => [d.code, d.name]),
  rent_type: [
    ['1', '整租'],
    ['2', '合租'],
  ],
  rent_pay_type: [
    ['1', '年付'],
    ['2', '半年付'],
    ['3', '押一付一'],
    ['4', '押一付三'],
  ],
  right_certificate_type: [
    ['1', '房屋所有权证'],
    ['2', '不动产权证书'],
  ],
};

const CHARACTERISTIC_TAGS = [
  '近海景观',
  '学区房',
  '精装交付',
  '低密洋房',
  '现房销售',
  '公园地产',
  '商业配套',
  '改善户型',
  '刚需首选',
  '以旧换新',
  '品质物业',
  '低总价',
];
const SALE_TAGS = [
  '满五唯一',
  '满二年',
  '南北通透',
  '近学校',
  '电梯房',
  '随时看房',
  '带车位',
  '海景房',
  '精装修',
  '近公园',
];
const RENT_TAGS = [
  '拎包入住',
  '家电齐全',
  '随时看房',
  '近公交',
  '独立卫生间',
  '有阳台',
  '可短租',
  '南向',
  '精装修',
  '押一付一',
];

export interface SeedTag {
  id: number;
  name: string;
}

export interface SeededTags {
  characteristic: SeedTag[];
  sale: SeedTag[];
  rent: SeedTag[];
}

/**
 * Districts (with centres), every dictionary of the listing form (docs/product/listings.md) and the tags of types 5, 6 and 7: the
 * reference data every page needs, demo city or not (a production database gets only this).
 */
export async function seedReference(ctx: Pick<SeedContext, 'db' | 'log'>): Promise<SeededTags> {
  await insertRows(
    ctx.db,
    districts,
    DISTRICTS.map((d, index) => ({
      code: d.code,
      name: d.name,
      centerLng: DISTRICT_CENTRES[d.code as DistrictCode][0],
      centerLat: DISTRICT_CENTRES[d.code as DistrictCode][1],
      sort: index + 1,
    })),
  );

  const dictionaryRows: Array<typeof dictionaries.$inferInsert> = [];
  for (const [type, items] of Object.entries(DICTIONARY_ITEMS)) {
    items.forEach(([code, name], index) =>
      dictionaryRows.push({ type, code, name, sort: index + 1 }),
    );
  }
  await insertRows(ctx.db, dictionaries, dictionaryRows);

  let nextId = 1;
  const build = (names: string[]) => names.map((name) => ({ id: nextId++, name }));
  const seeded: SeededTags = {
    characteristic: build(CHARACTERISTIC_TAGS),
    sale: build(SALE_TAGS),
    rent: build(RENT_TAGS),
  };
  const tagRows = [
    ...seeded.characteristic.map((t, i) => ({
      id: t.id,
      tagName: t.name,
      tagType: 5,
      sort: i + 1,
    })),
    ...seeded.sale.map((t, i) => ({ id: t.id, tagName: t.name, tagType: 6, sort: i + 1 })),
    ...seeded.rent.map((t, i) => ({ id: t.id, tagName: t.name, tagType: 7, sort: i + 1 })),
  ];
  await insertRows(ctx.db, tags, tagRows);
  ctx.log(
    `reference: ${DISTRICTS.length} districts, ${dictionaryRows.length} dictionary items, ${tagRows.length} tags`,
  );
  return seeded;
}

/** Name of a dictionary item by type and code (throws on an unknown pair: a seed bug). */
export function dictionaryName(type: keyof typeof DICTIONARY_ITEMS, code: string): string {
  const item = DICTIONARY_ITEMS[type]?.find(([c]) => c === code);
  if (!item) throw new Error(`unknown dictionary item ${type}/${code}`);
  return item[1];
}
