import { LISTING_TYPE } from '@portal/shared/constants/listing-type';
import { type PathKey, paths } from './paths';
import { TOURISM_LABEL, TOURISM_URL } from './site';

/** One entry of the top navigation or the site map: an internal route or an external page. */
export interface NavLink {
  label: string;
  /** The same link in everyday words, shown instead in 长辈版 (docs/product/accessibility.md). */
  plainLabel?: string;
  routeKey?: PathKey;
  /** Full internal href with query; defaults to the route's path. */
  href?: string;
  /** External page opened in a new tab; always shown. */
  externalUrl?: string;
}

export interface NavItem extends NavLink {
  /** Other routes that belong to this section and highlight it. */
  activeFor?: readonly PathKey[];
  children?: readonly NavLink[];
}

/** The top navigation in its order (docs/product/site-shell.md). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: '首页', routeKey: 'home', activeFor: ['root'] },
  {
    label: '新房',
    routeKey: 'newHouse',
    activeFor: [
      'houseHome',
      'houseDetails',
      'houses',
      'houseType',
      'houseTypeDetails',
      'housePhoto',
      'houseDynamic',
    ],
  },
  {
    label: '二手房',
    routeKey: 'secondhandhouse',
    activeFor: ['detailscs', 'detailscz'],
    children: [
      {
        label: '我要出租',
        routeKey: 'addhouse',
        href: paths.addhouse.getHref({ type: LISTING_TYPE.RENT }),
      },
      {
        label: '我要出售',
        routeKey: 'addhouse',
        href: paths.addhouse.getHref({ type: LISTING_TYPE.SALE }),
      },
    ],
  },
  { label: '数据分析', plainLabel: '房价走势', routeKey: 'dataanalysis' },
  {
    label: '政策资讯',
    plainLabel: '政策新闻',
    routeKey: 'informationAndPolicyPage',
    activeFor: ['informationAndPolicyDetails'],
  },
  { label: '互动交流', plainLabel: '咨询留言', routeKey: 'feedbackpage' },
  { label: TOURISM_LABEL, externalUrl: TOURISM_URL },
  { label: '家装建材', routeKey: 'buildingmaterials' },
  { label: '关于我们', routeKey: 'about' },
  { label: '地图找房', routeKey: 'map' },
  { label: '发布房源', plainLabel: '卖房出租', routeKey: 'addhouse' },
];

export interface SiteMapGroup {
  title: string;
  links: readonly NavLink[];
}

/** Every section of the site, grouped for the home-page site map and the footer. */
export const SITE_MAP_GROUPS: readonly SiteMapGroup[] = [
  {
    title: '房源信息',
    links: [
      { label: '新房', routeKey: 'newHouse' },
      { label: '二手房', routeKey: 'secondhandhouse' },
      { label: '地图找房', routeKey: 'map' },
      { label: '发布房源', routeKey: 'addhouse' },
    ],
  },
  {
    title: '便民查询',
    links: [
      { label: '预售许可查询', plainLabel: '新房能不能卖', routeKey: 'licensedemand' },
      { label: '监管账户开户查询', plainLabel: '购房款存在哪个账户', routeKey: 'fundsupervision' },
      { label: '预售资金监管进帐查询', plainLabel: '购房款到账了没有', routeKey: 'yszjpage' },
      { label: '商品房签约查询', plainLabel: '购房合同签了没有', routeKey: 'spfqypage' },
    ],
  },
  {
    title: '资讯与数据',
    links: [
      { label: '政策资讯', routeKey: 'informationAndPolicyPage' },
      { label: '数据分析', plainLabel: '房价走势', routeKey: 'dataanalysis' },
      { label: '购房计算器', routeKey: 'tool' },
    ],
  },
  {
    title: '互动与服务',
    links: [
      { label: '互动交流', plainLabel: '咨询留言', routeKey: 'feedbackpage' },
      { label: '家装建材', routeKey: 'buildingmaterials' },
      { label: TOURISM_LABEL, externalUrl: TOURISM_URL },
      { label: '关于我们', routeKey: 'about' },
    ],
  },
];

/** The href of an internal link. */
export function hrefOf(link: NavLink): string {
  if (link.externalUrl) return link.externalUrl;
  if (link.href) return link.href;
  return link.routeKey ? paths[link.routeKey].path : '/';
}
