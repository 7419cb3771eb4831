import type { DistrictCode } from '@portal/shared/constants/districts';
import type { Rng } from './random';

/** Splits a space-separated word list (keeps the name pools compact). */
function words(list: string): string[] {
  return list.split(' ');
}

const PROJECT_PREFIXES = words(
  '海韵 金梦 阳光 碧海 蓝湾 御景 锦绣 翡翠 紫金 滨海 海天 银滩 星河 云山 书香 和悦 鼎盛 观澜 怡景 泊岸 澜庭 悦海 天玺 君澜 东方 港城 燕山 渤海 明珠 长城 秦风 海棠 清和 万和 嘉禾 恒泰 瑞祥 鸿福 富华 正德 华庭 晨曦 金域 海悦 九龙 龙湾 凤凰 丽景 北岸 南山 西湖 青橙 融海 盛世 福瑞 新港 海岸 望海 听涛 揽月',
);

const PROJECT_SUFFIXES = words(
  '华府 花园 海湾 公馆 名苑 家园 雅居 佳苑 御府 尚城 新城 湾畔 壹号院 天地 学府 山庄 尚品 国际 府邸 锦园 丽都 雅苑 嘉园 悦府 澜湾 中心 广场 时代 里 小镇 美墅 铂郡 云著 玺园 春晓 蓝庭',
);

const ROADS: Record<DistrictCode, string[]> = {
  HGQ: words(
    '河北大街 海阳路 文化路 建设大街 迎宾路 燕山大街 西港路 友谊路 和平大街 红旗路 民族路 海滨路 港城大街 白塔岭路 秦皇东大街 东港路',
  ),
  KFQ: words(
    '长江道 黄河道 泰山路 天山路 秦皇西大街 龙海道 珠江道 华山路 峨眉山路 嵩山路 恒山路 衡山路',
  ),
  BDH: words('保二路 东经路 西经路 海宁路 联峰路 戴河路 石塘路 剑秋路 草厂路 滨海大道'),
  SHG: words('南海西路 关城南路 一关路 古城东路 龙海大道 长寿路 天下第一关大街 站前路 南关大街'),
  FN: ['金山大街', '迎宾大道', '兴业路', '骊城大街', '燕山路', '文化北路', '驻操营路'],
  CL: ['碣阳大街', '民生路', '新华路', '昌黎大道', '东山路', '滦河路', '建设路'],
  LL: ['永平大街', '长城路', '新兴路', '卢龙大街', '燕山中路', '迎宾西路'],
  QL: ['燕山路', '青龙大街', '滨河南路', '振兴路', '都源路', '朝阳路'],
  BDHXQ: ['滨海新大道', '海景路', '金海岸路', '黄金海岸大道', '团林路', '七里海路', '新区大街'],
};

const SURNAMES = words(
  '王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 田 董 袁 潘 于 蒋 蔡 杜 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 范 金 石 贾 夏 付 方 白 孟 秦',
);

const GIVEN_MALE = words(
  '伟 强 磊 军 勇 杰 涛 斌 超 明 刚 平 辉 鹏 华 飞 鑫 波 宁 浩 宇 博 文 建 国 志 海 峰 亮 晨',
);
const GIVEN_FEMALE = words(
  '芳 娜 敏 静 丽 艳 娟 霞 燕 玲 婷 雪 慧 颖 琳 晶 倩 欣 悦 璐 洁 佳 梅 莉 琴 红 蕾 萍 月',
);

const COMPANY_PREFIXES = words(
  '海港 渤海 燕山 港城 滨海 长城 北戴河 秦港 金海 恒昌 兴业 宏远 华晟 鑫源 中博 城建 嘉和 鼎泰 泰和 润海 远帆 安居 盛达 天誉 瑞和 海晟 德润 同创 宏图 蓝海 金桥 丰华 正和 永安 荣昌 信合',
);

const PROPERTY_SUFFIXES = ['物业服务有限公司', '物业管理有限公司', '城市服务有限公司'];

/** Bank names; a branch is formed with a district short name (中国建设银行海港支行). */
export const BANKS = words(
  '中国建设银行 中国工商银行 中国农业银行 中国银行 交通银行 中国邮政储蓄银行 招商银行 兴业银行 河北银行 中信银行',
);

/** Short district names used in branch names, licence numbers and certificates. */
export const DISTRICT_SHORT: Record<DistrictCode, string> = {
  HGQ: '海港',
  BDH: '北戴河',
  SHG: '山海关',
  FN: '抚宁',
  CL: '昌黎',
  LL: '卢龙',
  QL: '青龙',
  KFQ: '开发区',
  BDHXQ: '北戴河新区',
};

/** A name from the pools not yet in `used`; adds it to `used`. Falls back to numbered phases. */
export function uniqueName(rng: Rng, used: Set<string>, make: () => string): string {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  const base = make();
  for (let phase = 2; ; phase += 1) {
    const name = `${base}${['', '', '二', '三', '四', '五', '六', '七', '八', '九'][phase] ?? phase}期`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

/** A project promotion name such as 海韵华府. */
export function projectName(rng: Rng): string {
  return `${rng.pick(PROJECT_PREFIXES)}${rng.pick(PROJECT_SUFFIXES)}`;
}

/** A road of the district. */
export function roadName(rng: Rng, district: DistrictCode): string {
  return rng.pick(ROADS[district]);
}

/** A street address such as 文化路168号. */
export function streetAddress(rng: Rng, district: DistrictCode): string {
  return `${roadName(rng, district)}${rng.int(1, 420)}号`;
}

/** A developer name such as 渤海鸿福房地产开发有限公司. */
export function developerName(rng: Rng): string {
  return `${rng.pick(COMPANY_PREFIXES)}${rng.pick(PROJECT_PREFIXES)}房地产开发有限公司`;
}

/** A property-management company name. */
export function propertyCompanyName(rng: Rng): string {
  return `${rng.pick(COMPANY_PREFIXES)}${rng.pick(PROPERTY_SUFFIXES)}`;
}

/** A Chinese personal name of two or three characters. */
export function personName(rng: Rng, male: boolean): string {
  const pool = male ? GIVEN_MALE : GIVEN_FEMALE;
  const given = rng.chance(0.7) ? `${rng.pick(pool)}${rng.pick(pool)}` : rng.pick(pool);
  return `${rng.pick(SURNAMES)}${given}`;
}

/** A bank branch of the district, e.g. 中国建设银行海港支行. */
export function bankBranch(rng: Rng, district: DistrictCode): string {
  return `${rng.pick(BANKS)}${DISTRICT_SHORT[district]}支行`;
}

/** A 19-digit bank account number. */
export function bankAccount(rng: Rng): string {
  let digits = String(rng.int(1, 9));
  for (let i = 0; i < 18; i += 1) digits += String(rng.int(0, 9));
  return digits;
}

/** A landline in the city's area code, e.g. 0335-8061234. */
export function landline(rng: Rng): string {
  return `0335-${rng.int(3, 8)}${String(rng.int(0, 999999)).padStart(6, '0')}`;
}

/** A mobile number matching ^1[3-9]\d{9}$ (never one of the 138/139 demo numbers). */
export function mobile(rng: Rng): string {
  const prefix = rng.pick([
    '130',
    '131',
    '132',
    '133',
    '135',
    '136',
    '137',
    '150',
    '151',
    '152',
    '155',
    '156',
    '157',
    '158',
    '159',
    '166',
    '177',
    '181',
    '182',
    '186',
    '187',
    '188',
    '189',
  ]);
  return `${prefix}${String(rng.int(0, 99999999)).padStart(8, '0')}`;
}

const COMMUNITY_SUFFIXES = words('小区 花园 家园 新村 公寓 里 苑 大厦 名都 雅居');

/** An older residential community name, e.g. 海阳里 or 碧海花园. */
export function communityName(rng: Rng): string {
  return `${rng.pick(PROJECT_PREFIXES)}${rng.pick(COMMUNITY_SUFFIXES)}`;
}
