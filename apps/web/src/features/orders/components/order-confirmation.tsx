import { API_CODE } from '@portal/shared/api-code';
import type { OrderPreview } from '@portal/shared/schemas/orders';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { BreadcrumbTrail } from '../../../components/breadcrumb-trail';
import { EmptyState } from '../../../components/empty-state';
import { SectionPanel } from '../../../components/section-panel';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth-store';
import { getOrderPreview, orderPreviewKey } from '../api/deposit-order';
import type { OrderConfirmationState } from '../hooks/use-deposit-flow';
import styles from './order-confirmation.module.css';
import { OrderSummary } from './order-summary';
import { PayPanel } from './pay-panel';

/** Where the room sits, as the building table tells it (the route reads it). */
export interface ConfirmationPlace {
  projectId: number;
  publishName: string;
  /** The building table at the room's building and unit. */
  tableHref: string;
}

interface OrderConfirmationProps {
  /** The room of `?id=` (useConfirmationRoomId). */
  roomId: number;
  /** The room's project and building table, once known: breadcrumb and 返回楼盘表. */
  place: ConfirmationPlace | undefined;
  /** The buyer is not real-name authenticated: show the QR prompt. */
  onRealnameRequired: () => void;
}

/** The room id of `?id=` of /orderConfirmation; 0 when missing or invalid. */
export function useConfirmationRoomId(): number {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * /orderConfirmation (docs/product/new-build.md, deposit flow): the order preview of room `?id=` (taken from the navigation
 * state, re-requested on reload), the agreement and 立即支付. Breadcrumb 首页 > 新房 > project >
 * 订单确认.
 */
export function OrderConfirmation({ roomId, place, onRealnameRequired }: OrderConfirmationProps) {
  const [params] = useSearchParams();
  const location = useLocation();
  const isLoggedIn = useAuth((s) => s.isLoggedIn);
  const passed = (location.state as OrderConfirmationState | null)?.preview;
  const preview = useQuery({
    queryKey: orderPreviewKey(roomId),
    queryFn: () => getOrderPreview(roomId),
    enabled: isLoggedIn && roomId > 0,
    initialData: passed?.houseId === roomId ? passed : undefined,
    staleTime: 60_000,
    retry: false,
  });
  const houseName = preview.data?.houseName ?? params.get('houseName') ?? '';

  useEffect(() => {
    document.title = houseName ? `订单确认 - ${houseName}` : '订单确认';
  }, [houseName]);

  const backLink = place && <Link to={place.tableHref}>返回楼盘表</Link>;

  return (
    <div className={styles.page}>
      <BreadcrumbTrail
        className={styles.breadcrumb}
        crumbs={[
          { label: '首页', href: paths.home.path },
          { label: '新房', href: paths.newHouse.path },
          place
            ? { label: place.publishName, href: paths.houseHome.getHref({ id: place.projectId }) }
            : { label: '楼盘' },
          { label: '订单确认' },
        ]}
      />
      <SectionPanel title="订单确认" extra={backLink} headingLevel={1}>
        {renderBody(roomId, isLoggedIn, preview, onRealnameRequired, backLink)}
      </SectionPanel>
    </div>
  );
}

function renderBody(
  roomId: number,
  isLoggedIn: boolean,
  preview: { data: OrderPreview | undefined; error: Error | null; isPending: boolean },
  onRealnameRequired: () => void,
  backLink: ReactNode,
) {
  if (roomId === 0) return <EmptyState description="未找到要确认的房源" />;
  if (!isLoggedIn) {
    return (
      <div className={styles.status}>
        <p>请先登录后确认订单</p>
        <Button type="primary" onClick={() => authStore.setLoginDialogOpen(true)}>
          登录
        </Button>
      </div>
    );
  }
  if (preview.data) {
    return (
      <>
        <OrderSummary preview={preview.data} />
        <PayPanel roomId={roomId} lockMoney={preview.data.lockMoney} />
      </>
    );
  }
  if (preview.error) {
    const isRealname =
      preview.error instanceof ApiError && preview.error.code === API_CODE.REALNAME_REQUIRED;
    return (
      <div className={styles.status}>
        <p>{preview.error.message}</p>
        {isRealname ? (
          <Button type="primary" onClick={onRealnameRequired}>
            去实名认证
          </Button>
        ) : (
          backLink
        )}
      </div>
    );
  }
  return <Spin className={styles.status} />;
}
