import { NOTICE_BIZ_TYPE } from '@portal/shared/constants/notices';
import type { Notice } from '@portal/shared/schemas/notices';
import { paths } from '../../../config/paths';

/**
 * Where a notice's 查看 leads: an order to its detail (docs/product/orders.md), a listing to its page (the
 * sale page opens a rental's own page), feedback to its detail, a
 * project (a subscription's news) to its home page; other notices have no page.
 */
export function noticeHref(notice: Notice): string | null {
  if (notice.bizId === null) return null;
  const id = notice.bizId;
  if (notice.bizType === NOTICE_BIZ_TYPE.ORDER) return paths.myOrderDetails.getHref({ id });
  if (notice.bizType === NOTICE_BIZ_TYPE.SECOND_HOUSE) return paths.detailscs.getHref({ id });
  if (notice.bizType === NOTICE_BIZ_TYPE.FEEDBACK) return paths.feedbackDetails.getHref({ id });
  if (notice.bizType === NOTICE_BIZ_TYPE.PROJECT) return paths.houseHome.getHref({ id });
  return null;
}
