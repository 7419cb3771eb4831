import type { MerchantArt } from './pictures/merchants';

/** A trade-in merchant of /buildingmaterials. */
export interface SeedMerchant extends MerchantArt {
  businessArea: string;
}

/** The trade-in partner merchants, in their order on /buildingmaterials. */
export const MERCHANTS: readonly SeedMerchant[] = [
  {
    name: '海港家居生活广场',
    category: '家居',
    businessArea: '家具、软装、定制衣柜',
    display: 'sofa',
  },
  {
    name: '港城装饰工程有限公司',
    category: '家装',
    businessArea: '全屋装修、局部翻新',
    display: 'renovation',
  },
  {
    name: '渤海家电城',
    category: '家电',
    businessArea: '空调、冰箱、洗衣机、厨卫电器',
    display: 'appliances',
  },
  {
    name: '燕山建材市场',
    category: '建材',
    businessArea: '瓷砖、地板、卫浴、门窗',
    display: 'tiles',
  },
  {
    name: '滨海全屋定制中心',
    category: '家装',
    businessArea: '整体橱柜、全屋定制',
    display: 'cabinets',
  },
  {
    name: '长城电器连锁',
    category: '家电',
    businessArea: '黑电、白电、小家电以旧换新',
    display: 'tv',
  },
  {
    name: '金海岸卫浴旗舰店',
    category: '建材',
    businessArea: '智能马桶、淋浴房、浴室柜',
    display: 'bathroom',
  },
  { name: '秦风实木家具', category: '家居', businessArea: '实木家具、床品', display: 'furniture' },
  {
    name: '恒昌门窗幕墙',
    category: '建材',
    businessArea: '断桥铝门窗、阳光房',
    display: 'windows',
  },
  {
    name: '鸿福家装设计工作室',
    category: '家装',
    businessArea: '设计咨询、旧房改造',
    display: 'design',
  },
  {
    name: '海悦智能家居体验馆',
    category: '家电',
    businessArea: '智能门锁、全屋智能',
    display: 'smart',
  },
  {
    name: '嘉禾地板专营店',
    category: '建材',
    businessArea: '实木复合地板、强化地板',
    display: 'flooring',
  },
  {
    name: '安居厨电生活馆',
    category: '家电',
    businessArea: '油烟机、燃气灶、洗碗机',
    display: 'kitchen',
  },
  { name: '明珠灯饰城', category: '家居', businessArea: '灯具、开关面板', display: 'lamps' },
  { name: '九龙涂料专卖', category: '建材', businessArea: '环保涂料、墙面翻新', display: 'paint' },
  {
    name: '瑞祥窗帘布艺',
    category: '家居',
    businessArea: '窗帘、布艺沙发翻新',
    display: 'curtains',
  },
];
