/**
 * Chinese names of the Ant Design icons that can stand alone as the only content of a control
 * (antd draws several itself: the password eye, the clear cross, pager arrows, the dialog close
 * button). Keys are the icons' own names, which antd otherwise announces in English.
 */
export const ICON_NAMES: Readonly<Record<string, string>> = {
  close: '关闭',
  'close-circle': '清除',
  eye: '隐藏密码',
  'eye-invisible': '显示密码',
  left: '上一个',
  right: '下一个',
  'double-left': '向前',
  'double-right': '向后',
  up: '向上',
  down: '展开',
  search: '搜索',
  loading: '加载中',
  plus: '添加',
  minus: '减少',
  delete: '删除',
  edit: '编辑',
  upload: '上传',
  download: '下载',
  calendar: '选择日期',
  'clock-circle': '选择时间',
  'swap-right': '至',
  check: '已完成',
  ellipsis: '更多',
  'question-circle': '说明',
  'info-circle': '提示',
  'exclamation-circle': '注意',
  'check-circle': '成功',
  reload: '刷新',
  'zoom-in': '放大',
  'zoom-out': '缩小',
  'rotate-left': '向左旋转',
  'rotate-right': '向右旋转',
  'vertical-align-top': '回到顶部',
  star: '收藏',
  heart: '收藏',
  message: '房聊',
  user: '用户',
  menu: '菜单',
  filter: '筛选',
};

const CJK = /[\u3400-\u9fff]/;
/** The control or list item an icon belongs to; its other content names it. */
const HOST_SELECTOR =
  'button, a, label, li, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [role="switch"]';

function hasOwnName(element: Element): boolean {
  return (
    element.hasAttribute('aria-label') ||
    element.hasAttribute('aria-labelledby') ||
    element.hasAttribute('title') ||
    (element.textContent ?? '').trim() !== ''
  );
}

/**
 * Gives one antd icon (`span.anticon[role=img]`) an accessible name a Chinese reader understands,
 * or hides it: beside text (a button 搜索 with its magnifier) it is decoration and is hidden;
 * alone it is named from `ICON_NAMES`, or hidden when it has no entry there (its control then
 * needs its own `aria-label`). Names the page gave in Chinese are kept.
 */
export function nameIcon(icon: HTMLElement): void {
  if (icon.closest('[aria-hidden="true"]')) return;
  const given = icon.getAttribute('aria-label') ?? '';
  if (CJK.test(given)) return;
  const host = icon.parentElement?.closest(HOST_SELECTOR) ?? icon.parentElement;
  const name = ICON_NAMES[given];
  if (!host || hasOwnName(host) || !name) {
    icon.setAttribute('aria-hidden', 'true');
    icon.removeAttribute('aria-label');
    icon.removeAttribute('role');
    return;
  }
  icon.setAttribute('aria-label', name);
}

const ICON_SELECTOR = 'span.anticon[role="img"]';

function nameIconsIn(node: Node): void {
  if (!(node instanceof HTMLElement)) return;
  if (node.matches(ICON_SELECTOR)) nameIcon(node);
  node.querySelectorAll<HTMLElement>(ICON_SELECTOR).forEach(nameIcon);
}

/**
 * Applies `nameIcon` to every antd icon in the document, now and as the page adds them, so no
 * icon is announced by its English name ("mobile", "down", "eye-invisible"), including the ones
 * antd draws inside its own components and dialogs.
 */
export function installIconNames(root: HTMLElement = document.body): () => void {
  nameIconsIn(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(nameIconsIn);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
