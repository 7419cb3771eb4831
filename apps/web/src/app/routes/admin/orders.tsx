import { OrderTable } from '../../../features/orders/admin/order-table';

/** /admin/orders: 订单查询、网签登记与票据上传. */
export default function AdminOrdersRoute() {
  return <OrderTable />;
}
