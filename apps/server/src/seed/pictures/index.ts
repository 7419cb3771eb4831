import type { ObjectStorage } from '../../integrations/storage/index';
import { MERCHANTS } from '../merchant-list';
import { createRng } from '../random';
import { avatarSvg, bannerSvg, documentSvg, logoSvg, newsCoverSvg } from './graphics';
import { interiorSvg, type InteriorKind } from './interiors';
import { merchantSvg } from './merchants';
import { putSvgs, type SvgFile } from './put-svgs';

export { writeCityPictures, type CityPictures, type ProjectPictures } from './projects';

/**
 * Keys (e.g. `seed/avatar-07.svg`) of the shared generated pictures; each project's own drawings
 * come from `writeCityPictures`. The five document pictures (certificate, ID card, letter,
 * invoice, receipt) are private objects; all others are public.
 */
export interface PicturePool {
  /** Listing photos: living rooms, bedrooms, kitchens, bathrooms. */
  interiors: string[];
  avatars: string[];
  /** One picture per merchant of `MERCHANTS`, in the same order. */
  merchants: string[];
  banners: string[];
  /** A cover per news topic keyword. */
  newsCovers: Record<NewsCoverKeyword, string>;
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

/** Keywords of the news covers; each article names the one that fits its topic. */
export const NEWS_COVER_KEYWORDS = [
  '政策解读',
  '楼市快讯',
  '新盘动态',
  '公积金',
  '以旧换新',
  '购房补贴',
  '预售许可',
  '市场分析',
  '房交会',
  '土地出让',
  '交付喜讯',
  '资金监管',
  '二手房',
  '租房市场',
] as const;

export type NewsCoverKeyword = (typeof NEWS_COVER_KEYWORDS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Generates the seed's shared pictures as SVG objects `seed/<name>.svg` in the object storage
 * (deterministic, no downloads; the documents private, the rest public) and returns their keys.
 */
export async function writePicturePool(storage: ObjectStorage): Promise<PicturePool> {
  const rng = createRng('pictures');
  const files: SvgFile[] = [];
  const add = (name: string, svg: string, isPrivate = false) => {
    files.push({ key: `seed/${name}`, svg, isPrivate });
    return `seed/${name}`;
  };
  const series = (prefix: string, count: number, make: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => add(`${prefix}-${pad(i + 1)}.svg`, make(i)));

  const kinds: InteriorKind[] = ['living', 'bedroom', 'kitchen', 'bathroom'];
  const covers = series('news', NEWS_COVER_KEYWORDS.length, (i) =>
    newsCoverSvg(rng, NEWS_COVER_KEYWORDS[i] as string),
  );
  const pool: PicturePool = {
    interiors: series('interior', 16, (i) => interiorSvg(rng, kinds[i % 4] as InteriorKind)),
    avatars: series('avatar', 16, () => avatarSvg(rng)),
    merchants: MERCHANTS.map((merchant, i) =>
      add(`merchant-${pad(i + 1)}.svg`, merchantSvg(merchant, i)),
    ),
    banners: series('banner', BANNER_SPECS.length, (i) => {
      const spec = BANNER_SPECS[i] as (typeof BANNER_SPECS)[number];
      return bannerSvg(rng, spec.title, spec.sub);
    }),
    newsCovers: Object.fromEntries(
      NEWS_COVER_KEYWORDS.map((keyword, i) => [keyword, covers[i] as string]),
    ) as Record<NewsCoverKeyword, string>,
    logo: add('logo.svg', logoSvg()),
    certificate: add('doc-certificate.svg', documentSvg('certificate'), true),
    idcard: add('doc-idcard.svg', documentSvg('idcard'), true),
    license: add('doc-license.svg', documentSvg('license'), true),
    invoice: add('doc-invoice.svg', documentSvg('invoice'), true),
    receipt: add('doc-receipt.svg', documentSvg('receipt'), true),
  };
  await putSvgs(storage, files);
  return pool;
}
