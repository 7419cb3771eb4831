import { banners, merchants, siteSettings } from '../db/schema/index';
import { addDays, type SeedContext } from './context';
import { insertRows } from './database';
import { MERCHANTS } from './merchant-list';
import { landline, streetAddress } from './names';
import { BANNER_SPECS } from './pictures/index';

/**
 * Writes the single site-settings row (docs/product/content.md), the home banners and ad content, and the
 * trade-in merchants of /buildingmaterials.
 */
export async function seedSiteContent(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng('site');
  await insertRows(ctx.db, siteSettings, [
    {
      id: 1,
      title: '房地产交易服务平台',
      logo: ctx.pictures.logo,
      keywords: '新房,二手房,楼盘表,预售许可查询,资金监管查询,订约金,房贷计算器,以旧换新',
      description:
        '秦皇岛市房地产交易服务平台提供新建商品房楼盘与楼盘表查询、订约金在线缴纳、二手房房源核验发布、预售许可与资金监管查询、政策资讯和购房计算器等服务。',
      icp: '冀ICP备2026000001号',
      copyright: '© 2026 秦皇岛市住房和城乡建设局 版权所有',
      website: '',
      cityName: '秦皇岛市',
      authority: '秦皇岛市住房和城乡建设局',
      icpLink: 'https://beian.miit.gov.cn/',
      psbNumber: '冀公网安备13030202000001号',
      psbLink: 'https://beian.mps.gov.cn/#/query/webSearch?code=13030202000001',
      hotline: '0335-3012345',
      updatedAt: addDays(ctx.now, -30),
    },
  ]);
  await insertRows(
    ctx.db,
    banners,
    BANNER_SPECS.map((spec, index) => ({
      id: index + 1,
      title: spec.title,
      imagePath: ctx.pictures.banners[index] as string,
      link: spec.link,
      position: spec.position,
      sort: index + 1,
      enabled: true,
      createdAt: addDays(ctx.now, -60 + index),
    })),
  );
  await insertRows(
    ctx.db,
    merchants,
    MERCHANTS.map(({ name, category, businessArea }, index) => ({
      id: index + 1,
      imagePath: ctx.pictures.merchants[index] as string,
      title: name,
      address: `海港区${streetAddress(rng, 'HGQ')}`,
      businessArea,
      contact: landline(rng),
      category,
      sort: index + 1,
      createdAt: addDays(ctx.now, -90),
    })),
  );
  ctx.log(`site: settings, ${BANNER_SPECS.length} banners, ${MERCHANTS.length} merchants`);
}
