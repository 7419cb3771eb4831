import type { ObjectStorage } from '../../integrations/storage/index';
import { createRng } from '../random';
import { effectSvg, facadeSvg, panoramaSvg, realSvg, sandSvg } from './buildings';
import { floorPlanSvg } from './floor-plans';
import { avatarSvg, bannerSvg, documentSvg, logoSvg, merchantSvg, newsCoverSvg } from './graphics';
import { interiorSvg, matingSvg, type InteriorKind } from './interiors';

/**
 * Keys (e.g. `seed/facade-07.svg`) of the generated pictures. The five document pictures
 * (certificate, ID card, letter, invoice, receipt) are private objects; all others are public.
 */
export interface PicturePool {
  facades: string[];
  /** Floor plans by bedroom count 1–4 (larger flats use the 4-bedroom plans). */
  plans: Record<1 | 2 | 3 | 4, string[]>;
  effect: string[];
  real: string[];
  sand: string[];
  mating: string[];
  sample: string[];
  /** Listing photos: living rooms, bedrooms, kitchens, bathrooms. */
  interiors: string[];
  avatars: string[];
  merchants: string[];
  banners: string[];
  newsCovers: string[];
  panoramas: string[];
  logo: string;
  certificate: string;
  idcard: string;
  license: string;
  invoice: string;
  receipt: string;
}

/** Banner texts (home carousel first, then ad content), with the site path each opens. */
export const BANNER_SPECS: Array<{
  title: string;
  sub: string;
  link: string | null;
  position: 'home_banner' | 'ad';
}> = [
  {
    title: '安居宜业 品质生活',
    sub: '新建商品房信息一站查询',
    link: '/newHouse',
    position: 'home_banner',
  },
  {
    title: '订约金在线缴纳',
    sub: '选房下单 · 房源锁定 · 网签备案',
    link: '/newHouse',
    position: 'home_banner',
  },
  {
    title: '住房以旧换新',
    sub: '卖旧买新 政策叠加 补贴直达',
    link: '/buildingmaterials',
    position: 'home_banner',
  },
  {
    title: '便民查询服务',
    sub: '预售许可 · 资金监管 · 签约查询',
    link: '/licensedemand',
    position: 'home_banner',
  },
  {
    title: '二手房源 真实核验',
    sub: '房源核验后发布 交易更安心',
    link: '/secondhandhouse',
    position: 'ad',
  },
  { title: '购房计算器', sub: '房贷 · 公积金 · 税费 一键测算', link: '/tool', position: 'ad' },
  { title: '数据看楼市', sub: '成交统计与购房意向分析', link: '/dataanalysis', position: 'ad' },
];

const NEWS_KEYWORDS = [
  '政策解读',
  '楼市快讯',
  '新盘动态',
  '公积金',
  '以旧换新',
  '购房补贴',
  '预售许可',
  '市场分析',
  '房交会',
  '城市更新',
  '交付喜讯',
  '人才安居',
];

const MERCHANT_CATEGORIES = ['家装', '家电', '建材', '家居'];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Generates the seed's picture pool as SVG objects `seed/<name>.svg` in the object storage
 * (deterministic, no downloads; the documents private, the rest public) and returns their keys.
 */
export async function writePicturePool(storage: ObjectStorage): Promise<PicturePool> {
  const rng = createRng('pictures');
  const files = new Map<string, { svg: string; isPrivate: boolean }>();
  const add = (name: string, svg: string, isPrivate = false) => {
    files.set(`seed/${name}`, { svg, isPrivate });
    return `seed/${name}`;
  };
  const series = (prefix: string, count: number, make: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => add(`${prefix}-${pad(i + 1)}.svg`, make(i)));

  const kinds: InteriorKind[] = ['living', 'bedroom', 'kitchen', 'bathroom'];
  const pool: PicturePool = {
    facades: series('facade', 24, (i) => facadeSvg(rng, i)),
    plans: {
      1: series('plan-1br', 4, (i) => floorPlanSvg(rng, 1, i)),
      2: series('plan-2br', 4, (i) => floorPlanSvg(rng, 2, i)),
      3: series('plan-3br', 4, (i) => floorPlanSvg(rng, 3, i)),
      4: series('plan-4br', 4, (i) => floorPlanSvg(rng, 4, i)),
    },
    effect: series('effect', 8, (i) => effectSvg(rng, i)),
    real: series('real', 6, (i) => realSvg(rng, i)),
    sand: series('sand', 4, () => sandSvg(rng)),
    mating: series('mating', 8, (i) => matingSvg(rng, i)),
    sample: series('sample', 8, (i) =>
      interiorSvg(rng, kinds[i % 4] as InteriorKind, '样板间实拍'),
    ),
    interiors: series('interior', 16, (i) => interiorSvg(rng, kinds[i % 4] as InteriorKind)),
    avatars: series('avatar', 16, () => avatarSvg(rng)),
    merchants: series('merchant', 16, (i) =>
      merchantSvg(rng, MERCHANT_CATEGORIES[i % 4] as string, '以旧换新合作商家'),
    ),
    banners: series('banner', BANNER_SPECS.length, (i) => {
      const spec = BANNER_SPECS[i] as (typeof BANNER_SPECS)[number];
      return bannerSvg(rng, spec.title, spec.sub);
    }),
    newsCovers: series('news', NEWS_KEYWORDS.length, (i) =>
      newsCoverSvg(rng, NEWS_KEYWORDS[i] as string),
    ),
    panoramas: series('panorama', 2, (i) => panoramaSvg(rng, i)),
    logo: add('logo.svg', logoSvg()),
    certificate: add('doc-certificate.svg', documentSvg('certificate'), true),
    idcard: add('doc-idcard.svg', documentSvg('idcard'), true),
    license: add('doc-license.svg', documentSvg('license'), true),
    invoice: add('doc-invoice.svg', documentSvg('invoice'), true),
    receipt: add('doc-receipt.svg', documentSvg('receipt'), true),
  };

  await Promise.all(
    [...files].map(([key, file]) =>
      storage.put(
        file.isPrivate ? 'private' : 'public',
        key,
        Buffer.from(file.svg, 'utf8'),
        'image/svg+xml',
      ),
    ),
  );
  return pool;
}
