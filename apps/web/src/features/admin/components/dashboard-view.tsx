import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { type PathKey, paths } from '../../../config/paths';
import { useIsRegistered } from '../../../lib/registered-routes';
import { useAdminDashboard } from '../api/dashboard';
import { PAY_STATUS_TEXT } from '../labels';

interface Tile {
  title: string;
  value: number | undefined;
  routeKey: PathKey;
  href: string;
  linkText: string;
}

/** Today's orders by status and the queues waiting for an operator, each linking to its page. */
export function DashboardView() {
  const { data, isPending } = useAdminDashboard();
  const isRegistered = useIsRegistered();
  const tiles: Tile[] = [
    {
      title: '今日订单',
      value: data?.todayOrderTotal,
      routeKey: 'adminOrders',
      href: paths.adminOrders.getHref({}),
      linkText: '查看订单',
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
      title: '今日新用户',
      value: data?.newUsersToday,
      routeKey: 'adminUsers',
      href: paths.adminUsers.getHref(),
      linkText: `共 ${data?.usersTotal ?? '-'} 位用户`,
    },
  ];
  return (
    <>
      <Typography.Title level={4}>仪表盘</Typography.Title>
      <Row gutter={[16, 16]}>
        {tiles.map((tile) => (
          <Col key={tile.title} xs={24} sm={12} lg={8} xl={4}>
            <Card loading={isPending} size="small">
              <Statistic title={tile.title} value={tile.value ?? 0} />
              {isRegistered(tile.routeKey) ? (
                <Link to={tile.href}>{tile.linkText}</Link>
              ) : (
                <Typography.Text type="secondary">{tile.linkText}</Typography.Text>
              )}
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
            render: (status: number) => PAY_STATUS_TEXT[status] ?? status,
          },
          { title: '订单数', dataIndex: 'count' },
        ]}
        style={{ maxWidth: 480 }}
      />
    </>
  );
}
