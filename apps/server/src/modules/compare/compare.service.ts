import { beijingYearOf } from '@portal/shared/beijing-time';
import { LISTING_TYPE } from '@portal/shared/constants/listings';
import {
  MISSING_VALUE,
  formatArea,
  formatNumber,
  formatRent,
  formatSalePrice,
  formatUnitPrice,
  orMissing,
} from '@portal/shared/format';
import type {
  CompareItem,
  CompareQuery,
  CompareResult,
  CompareRow,
} from '@portal/shared/schemas/compare';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readComparedListings, readComparedProjects } from './compare.queries';

const BEDROOM_NAMES = ['', '一室', '二室', '三室', '四室', '五室'];

function row(key: string, label: string, values: string[]): CompareRow {
  return { key, label, values };
}

/** `89–143㎡`, one value when all models have the same area, 暂无 without models. */
export function areaRange(areas: number[]): string {
  if (areas.length === 0) return MISSING_VALUE;
  const min = Math.min(...areas);
  const max = Math.max(...areas);
  return min === max ? formatArea(min) : `${formatArea(min).replace('㎡', '')}–${formatArea(max)}`;
}

/** The side-by-side rows of 2–4 published projects, in the order asked; 404 if one is not public. */
async function compareProjects(db: Db, ids: number[]): Promise<CompareResult> {
  const { found, models, licenceRows } = await readComparedProjects(db, ids);
  const byId = new Map(found.map((r) => [r.project.id, r]));
  const ordered = ids.map((id) => byId.get(id));
  if (ordered.some((r) => !r)) throw new AppError('NOT_FOUND', '所选楼盘不存在或已下架');
  const rows = ordered as NonNullable<(typeof ordered)[number]>[];
  const modelsOf = (id: number) => models.filter((m) => m.projectId === id);
  const values = (render: (r: (typeof rows)[number]) => string) => rows.map(render);
  const items: CompareItem[] = rows.map((r) => ({
    id: r.project.id,
    kind: 'project',
    name: r.project.publishName,
    coverUrl: r.project.coverPath,
  }));
  return {
    type: 'project',
    items,
    rows: [
      row(
        'platformPrice',
        '平台价',
        values((r) => formatUnitPrice(r.project.platformPrice)),
      ),
      row(
        'publishPrice',
        '备案价',
        values((r) => orMissing(r.project.publishPrice, formatUnitPrice)),
      ),
      row(
        'areaRange',
        '面积区间',
        values((r) => areaRange(modelsOf(r.project.id).map((m) => m.area))),
      ),
      row(
        'layouts',
        '户型',
        values((r) => {
          const bedrooms = [...new Set(modelsOf(r.project.id).map((m) => m.bedroom))].sort();
          if (bedrooms.length === 0) return orMissing(r.project.houseTypeStr, String);
          return bedrooms.map((b) => BEDROOM_NAMES[b] ?? `${b}室`).join('、');
        }),
      ),
      row(
        'district',
        '区域',
        values((r) => r.districtName),
      ),
      row(
        'developer',
        '开发企业',
        values((r) => orMissing(r.companyName, String)),
      ),
      row(
        'licence',
        '预售许可证',
        values((r) => {
          const numbers = licenceRows.filter((l) => l.projectId === r.project.id);
          return numbers.length > 0 ? numbers.map((l) => l.licenceNo).join('、') : MISSING_VALUE;
        }),
      ),
      row(
        'propertyFee',
        '物业费',
        values((r) => orMissing(r.project.propertyManagementFee, (fee) => `${fee}元/㎡·月`)),
      ),
      row(
        'greenCoverage',
        '绿化率',
        values((r) => orMissing(r.project.greenCoverage, (g) => `${g}%`)),
      ),
      row(
        'parking',
        '车位数',
        values((r) => orMissing(r.project.parkingLotCount, (n) => `${formatNumber(n)}个`)),
      ),
      row(
        'decoration',
        '装修标准',
        values((r) => orMissing(r.project.decorateStr, String)),
      ),
      row(
        'status',
        '销售状态',
        values((r) => orMissing(r.project.statusText, String)),
      ),
    ],
  };
}

/** 房龄 from the build year, e.g. `12年（2014年建成）`; a building of this year is `不足1年`. */
export function listingAge(buildYear: number, currentYear: number): string {
  const years = Math.max(0, currentYear - buildYear);
  return `${years === 0 ? '不足1年' : `${years}年`}（${buildYear}年建成）`;
}

/** The side-by-side rows of 2–4 published listings (sale and rent may be mixed). */
async function compareListings(db: Db, ids: number[]): Promise<CompareResult> {
  const currentYear = beijingYearOf();
  const cards = await readComparedListings(db, ids);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const ordered = ids.map((id) => byId.get(id));
  if (ordered.some((card) => !card)) throw new AppError('NOT_FOUND', '所选房源不存在或已下架');
  const rows = ordered as NonNullable<(typeof ordered)[number]>[];
  const values = (render: (card: (typeof rows)[number]) => string) => rows.map(render);
  return {
    type: 'listing',
    items: rows.map((card) => ({
      id: card.id,
      kind: card.type === LISTING_TYPE.RENT ? 'rent' : 'sale',
      name: card.title,
      coverUrl: card.coverUrl,
    })),
    rows: [
      row(
        'listingType',
        '类型',
        values((c) => (c.type === LISTING_TYPE.RENT ? '出租' : '出售')),
      ),
      row(
        'price',
        '价格',
        values((c) =>
          c.type === LISTING_TYPE.RENT ? formatRent(c.price) : formatSalePrice(c.price),
        ),
      ),
      row(
        'unitPrice',
        '单价',
        values((c) =>
          c.type === LISTING_TYPE.RENT
            ? MISSING_VALUE
            : orMissing(c.priceSquareMetre, formatUnitPrice),
        ),
      ),
      row(
        'area',
        '面积',
        values((c) => formatArea(c.buildArea)),
      ),
      row(
        'layout',
        '户型',
        values((c) => `${c.bedroom}室${c.room}厅${c.toilet}卫`),
      ),
      row(
        'age',
        '建成年代',
        values((c) => orMissing(c.age, (year) => listingAge(year, currentYear))),
      ),
      row(
        'floor',
        '楼层',
        values((c) => `${c.floorNum}层/共${c.totalFloor}层`),
      ),
      row(
        'decoration',
        '装修',
        values((c) => orMissing(c.decoratesStr, String)),
      ),
      row(
        'direction',
        '朝向',
        values((c) => orMissing(c.directionStr, String)),
      ),
      row(
        'district',
        '区域',
        values((c) => c.scVO.areaName),
      ),
      row(
        'community',
        '小区',
        values((c) => c.scVO.communityName),
      ),
    ],
  };
}

/** The compare table of `GET /api/compare`: items in the order asked, rows of display values. */
export async function compare(db: Db, query: CompareQuery): Promise<CompareResult> {
  return query.type === 'project' ? compareProjects(db, query.ids) : compareListings(db, query.ids);
}
