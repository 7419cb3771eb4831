import type { AdminDashboard } from '@portal/shared/schemas/admin';
import { PAY_STATUS_LABEL, type PayStatusCode } from '@portal/shared/status';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { type PathKey, paths } from '../../../config/paths';
import { WebVitalsTable } from '../../shell/admin/web-vitals-table';
import { useAdminDashboard } from '../api/dashboard';

interface Tile {
  title: string;
  value: number | undefined;
  routeKey: PathKey;
  href: string;
  linkText: string;
}

/** Each count with the link that opens exactly the rows it counts. */
function tilesOf(data: AdminDashboard | undefined): Tile[] {
  const today = data ? { createdFrom: data.today, createdTo: data.today } : {};
  return [
    {
      title: '今日订单',
      value: data?.todayOrderTotal,
      routeKey: 'adminOrders',
      href: paths.adminOrders.getHref(today),
      linkText: '查看今日订单',
    },
    {
      title: '待审核房源',
      value: data?.listingsPending,
      routeKey: 'adminListings',
      href: paths.adminListings.getHref(),
      linkText: '去审核',
    },
    {
      title: '待回复反馈',
      value: data?.feedbackPending,
      routeKey: 'adminFeedback',
      href: paths.adminFeedback.getHref(),
      linkText: '去回复',
    },
    {
      title: '待确认退款',
      value: data?.refundsPending,
      routeKey: 'adminOrders',
      href: paths.adminOrders.getHref({ refundStatus: 2 }),
      linkText: '去处理',
    },
    {
      title: '退款失败',
      value: data?.refundsFailed,
      routeKey: 'adminOrders',
      href: paths.adminOrders.getHref({ payStatus: 7 }),
      linkText: '去重新退款',
    },
    {
      title: '今日新用户',
      value: data?.newUsersToday,
      routeKey: 'adminUsers',
      href: paths.adminUsers.getHref(today),
      linkText: `查看（共 ${data?.usersTotal ?? '-'} 位用户）`,
    },
  ];
}

/**
 * Today's orders by status and the queues waiting for an operator, each linking into its queue;
 * below them real visits' figures per page type.
 */
export function DashboardView() {
  const { data, isPending } = useAdminDashboard();
  return (
    <>
      <Typography.Title level={4}>仪表盘</Typography.Title>
      <Row gutter={[16, 16]}>
        {tilesOf(data).map((tile) => (
          <Col key={tile.title} xs={24} sm={12} lg={8} xxl={4}>
            <Card loading={isPending} size="small">
              <Statistic title={tile.title} value={tile.value ?? 0} />
              <Link to={tile.href}>{tile.linkText}</Link>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        今日订单（按状态）
      </Typography.Title>
      <Table
        size="small"
        rowKey="payStatus"
        loading={isPending}
        pagination={false}
        dataSource={data?.todayOrders ?? []}
        locale={{ emptyText: '今日暂无订单' }}
        columns={[
          {
            title: '订单状态',
            dataIndex: 'payStatus',
            render: (status: number) => {
              const text = PAY_STATUS_LABEL[status as PayStatusCode] ?? `未知状态（${status}）`;
              if (!data) return text;
              const href = paths.adminOrders.getHref({
                createdFrom: data.today,
                createdTo: data.today,
                payStatus: status,
              });
              return <Link to={href}>{text}</Link>;
            },
          },
          { title: '订单数', dataIndex: 'count' },
        ]}
        style={{ maxWidth: 480 }}
      />
      <WebVitalsTable />
    </>
  );
}
