import { banners, merchants, siteSettings } from '../db/schema/index';
import { addDays, type SeedContext } from './context';
import { insertRows } from './database';
import { landline, streetAddress } from './names';
import { BANNER_SPECS } from './pictures/index';

/** Trade-in merchants: [name, category, business area]. */
const MERCHANTS: Array<[string, string, string]> = [
  ['海港家居生活广场', '家居', '家具、软装、定制衣柜'],
  ['港城装饰工程有限公司', '家装', '全屋装修、局部翻新'],
  ['渤海家电城', '家电', '空调、冰箱、洗衣机、厨卫电器'],
  ['燕山建材市场', '建材', '瓷砖、地板、卫浴、门窗'],
  ['滨海全屋定制中心', '家装', '整体橱柜、全屋定制'],
  ['长城电器连锁', '家电', '黑电、白电、小家电以旧换新'],
  ['金海岸卫浴旗舰店', '建材', '智能马桶、淋浴房、浴室柜'],
  ['秦风实木家具', '家居', '实木家具、床品'],
  ['恒昌门窗幕墙', '建材', '断桥铝门窗、阳光房'],
  ['鸿福家装设计工作室', '家装', '设计咨询、旧房改造'],
  ['海悦智能家居体验馆', '家电', '智能门锁、全屋智能'],
  ['嘉禾地板专营店', '建材', '实木复合地板、强化地板'],
  ['安居厨电生活馆', '家电', '油烟机、燃气灶、洗碗机'],
  ['明珠灯饰城', '家居', '灯具、开关面板'],
  ['九龙涂料专卖', '建材', '环保涂料、墙面翻新'],
  ['瑞祥窗帘布艺', '家居', '窗帘、布艺沙发翻新'],
];

/**
 * Writes the single site-settings row (DECISIONS #22), the home banners and ad content, and the
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
        '房地产交易服务平台提供新建商品房楼盘与楼盘表查询、订约金在线缴纳、二手房房源核验发布、预售许可与资金监管查询、政策资讯和购房计算器等服务。',
      icp: '冀ICP备2026000001号',
      copyright: '© 2026 市住房和城乡建设局 版权所有',
      website: '',
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
    MERCHANTS.map(([title, category, businessArea], index) => ({
      id: index + 1,
      imagePath: ctx.pictures.merchants[index % ctx.pictures.merchants.length] as string,
      title,
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
