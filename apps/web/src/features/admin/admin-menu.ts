import type { PathKey } from '../../config/paths';

export interface AdminMenuItem {
  key: PathKey;
  label: string;
  /** Pages that highlight this item too (an editor under its list). */
  activeFor?: PathKey[];
}

/** The console's side menu, in order. */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  { key: 'admin', label: '仪表盘' },
  { key: 'adminListings', label: '房源审核' },
  { key: 'adminListingReports', label: '房源举报' },
  { key: 'adminChat', label: '房聊客服' },
  { key: 'adminFeedback', label: '反馈回复' },
  { key: 'adminQuestions', label: '问答管理' },
  { key: 'adminNews', label: '资讯管理', activeFor: ['adminNewsEdit'] },
  { key: 'adminProjects', label: '楼盘与房源', activeFor: ['adminProjectEdit'] },
  { key: 'adminRoomFacts', label: '房间朝向户型' },
  { key: 'adminPois', label: '周边配套' },
  { key: 'adminLottery', label: '摇号选房', activeFor: ['adminLotteryBatch'] },
  { key: 'adminOrders', label: '订单' },
  { key: 'adminUsers', label: '用户' },
  { key: 'adminSite', label: '站点设置' },
  { key: 'adminLegal', label: '协议与隐私政策' },
  { key: 'adminAudit', label: '操作日志' },
];
