import type { LotteryBatch } from '@portal/shared/schemas/lottery';
import { LOTTERY_PHASE_LABEL, type LotteryPhase } from '@portal/shared/status';
import { Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { lazyNamed } from '../../../lib/deferred';
import { useLotteryBatches } from '../api/lottery-api';
import { PHASE_COLOR } from './phase-color';

/** The form (date pickers, the room tree) loads when 新建摇号批次 is pressed. */
const BatchCreateForm = lazyNamed(() => import('./batch-create-form'), 'BatchCreateForm');

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The 摇号 batches with their phase, and 新建摇号批次 (docs/product/lottery.md). */
export function LotteryBatchList() {
  const { data, isFetching } = useLotteryBatches();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          摇号选房
        </Typography.Title>
        {!creating && (
          <Button type="primary" onClick={() => setCreating(true)}>
            新建摇号批次
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary">
        每个批次依次经过意向登记、资格审核与申诉、公示名单（同时公布承诺值）和摇号；摇号结果任何人都可在复核页重算。
      </Typography.Paragraph>
      {creating && (
        <Card title="新建摇号批次" style={{ marginBottom: 16 }}>
          <Suspense fallback={<Spin />}>
            <BatchCreateForm
              onCancel={() => setCreating(false)}
              onCreated={(id) => void navigate(paths.adminLotteryBatch.getHref({ id }))}
            />
          </Suspense>
        </Card>
      )}
      <Table<LotteryBatch>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '还没有摇号批次' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          {
            title: '批次',
            key: 'title',
            render: (_, batch) => (
              <Space orientation="vertical" size={0}>
                <Link to={paths.adminLotteryBatch.getHref({ id: batch.id })}>{batch.title}</Link>
                <Typography.Text type="secondary">{batch.code}</Typography.Text>
              </Space>
            ),
          },
          { title: '楼盘', dataIndex: 'projectName', width: 160 },
          {
            title: '房源',
            key: 'rooms',
            width: 130,
            render: (_, batch) => `${batch.roomCount} 套（优先 ${batch.priorityRooms} 套）`,
          },
          {
            title: '阶段',
            dataIndex: 'phase',
            width: 150,
            render: (phase: LotteryPhase) => (
              <Tag color={PHASE_COLOR[phase]}>{LOTTERY_PHASE_LABEL[phase]}</Tag>
            ),
          },
          {
            title: '意向登记',
            key: 'reg',
            width: 180,
            render: (_, batch) => (
              <span>
                {time(batch.regOpensAt)}
                <br />至 {time(batch.regClosesAt)}
              </span>
            ),
          },
          { title: '摇号时间', dataIndex: 'drawAt', width: 140, render: time },
          {
            title: '登记 / 合格',
            key: 'counts',
            width: 110,
            render: (_, batch) =>
              `${batch.counts.registered} / ${batch.counts.priority + batch.counts.general}`,
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            fixed: 'right',
            render: (_, batch) => (
              <Link to={paths.adminLotteryBatch.getHref({ id: batch.id })}>管理</Link>
            ),
          },
        ]}
      />
    </>
  );
}
