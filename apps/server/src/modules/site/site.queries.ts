import type { SiteSettings } from '@portal/shared/schemas/site';
import type { Db } from '../../db/client';
import { siteSettings } from '../../db/schema/index';

/** Where a mainland ICP filing number is verified. */
export const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/** Used until operators save a settings record. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  title: '房地产交易服务平台',
  logo: '',
  keywords: '新房,二手房,楼盘表,预售许可,资金监管,房贷计算器',
  description: '新建商品房与二手房信息查询、订约金缴纳、政策资讯与便民查询服务。',
  icp: '',
  copyright: '',
  website: '',
  cityName: '',
  authority: '',
  icpLink: ICP_LOOKUP_URL,
  psbNumber: '',
  psbLink: '',
  hotline: '',
};

/** The one site-settings record (docs/product/content.md), or the defaults when none is stored. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).limit(1);
  if (!row) return DEFAULT_SITE_SETTINGS;
  const d = DEFAULT_SITE_SETTINGS;
  return {
    title: row.title,
    logo: row.logo ?? d.logo,
    keywords: row.keywords ?? d.keywords,
    description: row.description ?? d.description,
    icp: row.icp ?? d.icp,
    copyright: row.copyright ?? d.copyright,
    website: row.website ?? d.website,
    cityName: row.cityName ?? d.cityName,
    authority: row.authority ?? d.authority,
    icpLink: row.icpLink || d.icpLink,
    psbNumber: row.psbNumber ?? d.psbNumber,
    psbLink: row.psbLink ?? d.psbLink,
    hotline: row.hotline ?? d.hotline,
  };
}
