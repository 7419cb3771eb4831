import type { PathKey } from '../../config/paths';

export interface PersonalMenuItem {
  key: PathKey;
  label: string;
  /** Detail pages that highlight this item. */
  activeFor?: readonly PathKey[];
}

export interface PersonalMenuGroup {
  title: string;
  items: readonly PersonalMenuItem[];
}

/** The four groups of the personal-centre menu (docs/product/accounts.md). */
export const PERSONAL_MENU: readonly PersonalMenuGroup[] = [
  { title: '楼盘推荐', items: [{ key: 'recommend', label: '推荐楼盘' }] },
  {
    title: '我的房产',
    items: [
      { key: 'myFavHouse', label: '我的收藏' },
      { key: 'myFavNews', label: '我的资讯' },
      { key: 'myHistory', label: '浏览记录' },
      { key: 'myOrder', label: '我的订单', activeFor: ['myOrderDetails'] },
      { key: 'mySecondHandHouse', label: '我的二手房' },
    ],
  },
  {
    title: '账户设置',
    items: [
      { key: 'myInfomation', label: '个人资料' },
      {
        key: 'securitySetting',
        label: '安全设置',
        activeFor: ['modifyPassword', 'modifyPhone'],
      },
      { key: 'myData', label: '我的数据' },
    ],
  },
  {
    title: '消息反馈',
    items: [
      { key: 'feedback', label: '我的反馈', activeFor: ['feedbackDetails'] },
      { key: 'myNotice', label: '我的消息' },
      { key: 'mySubscriptions', label: '我的订阅' },
    ],
  },
];
