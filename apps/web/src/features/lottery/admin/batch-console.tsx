import {
  LOTTERY_BEACON_LABEL,
  LOTTERY_PROOF_LABEL,
  type LotteryBatch,
  missingLotteryProofs,
} from '@portal/shared/schemas/lottery';
import { lotteryRefusalReasonSchema } from '@portal/shared/schemas/lottery/admin';
import {
  LOTTERY_PHASE_LABEL,
  LOTTERY_REG_STATUS,
  LOTTERY_REG_STATUS_LABEL,
  type LotteryPhase,
  type LotteryRegStatus,
} from '@portal/shared/status';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Modal,
  Result,
  Segmented,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Deferred, lazyNamed } from '../../../lib/deferred';
import { useDrawRecord, useLotteryBatch } from '../api/lottery-api';
import { roundTime } from './beacon-round';
import {
  type LotteryReviewItem,
  useDecideRegistration,
  useDrawLottery,
  useLotteryRegistrations,
  usePublishLotteryList,
} from './lottery-admin-api';
import { PHASE_COLOR } from './phase-color';

/** The reason dialog loads when 不通过 is first pressed. */
const ReasonDialog = lazyNamed(() => import('../../../components/reason-dialog'), 'ReasonDialog');

const time = (iso: string | number) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/**
 * A registration's 证明材料 for the operator's decision: each file opens in a new tab (the server
 * lets operators in); a kind the declarations need without a file is named as missing.
 */
function ProofLinks({ row }: { row: LotteryReviewItem }) {
  const missing = missingLotteryProofs(row, row.proofs);
  const count = new Map<string, number>();
  return (
    <Space orientation="vertical" size={0}>
      {row.proofs.map((proof) => {
        const n = (count.get(proof.kind) ?? 0) + 1;
        count.set(proof.kind, n);
        return (
          <a key={proof.path} href={proof.url} target="_blank" rel="noreferrer">
            {proof.label} {n}
            {proof.contentType === 'application/pdf' ? '（PDF）' : ''}
          </a>
        );
      })}
      {missing.length > 0 && (
        <Typography.Text type="danger">
          缺：{missing.map((kind) => LOTTERY_PROOF_LABEL[kind]).join('、')}
        </Typography.Text>
      )}
      {row.proofs.length === 0 && missing.length === 0 && '—'}
    </Space>
  );
}

const STATUS_COLOR: Record<LotteryRegStatus, string> = {
  submitted: 'blue',
  approved: 'green',
  refused: 'red',
  appealing: 'orange',
};

/** The current time, moved on every second: the buttons open as the batch's times pass. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Why a step may not be taken now, or null when it may (the server checks the same). */
export function publishBlock(
  batch: LotteryBatch,
  queue: LotteryReviewItem[] | undefined,
  now: number,
): string | null {
  if (batch.committedAt) return '名单与承诺值已公布';
  if (now < Date.parse(batch.reviewClosesAt))
    return `审核截止（${time(batch.reviewClosesAt)}）后才能公示名单`;
  const open = (queue ?? []).filter(
    (r) => r.status === LOTTERY_REG_STATUS.SUBMITTED || r.status === LOTTERY_REG_STATUS.APPEALING,
  ).length;
  if (open > 0) return `仍有 ${open} 份待审核或申诉中的登记`;
  return null;
}

export function drawBlock(batch: LotteryBatch, now: number): string | null {
  if (batch.drawnAt) return '本批次已摇号';
  if (!batch.committedAt) return '须先公示名单并公布承诺值';
  if (now < Date.parse(batch.drawAt)) return `未到摇号时间（${time(batch.drawAt)}）`;
  if (now < roundTime(batch.beaconRound))
    return `随机信标第 ${batch.beaconRound} 轮尚未产生（${time(roundTime(batch.beaconRound))}）`;
  return null;
}

function Summary({ batch }: { batch: LotteryBatch }) {
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'project', label: '楼盘', children: batch.projectName },
        {
          key: 'rooms',
          label: '房源',
          children: `${batch.roomCount} 套，其中无房家庭优先 ${batch.priorityRooms} 套（${batch.prioritySharePct}%）`,
        },
        {
          key: 'rule',
          label: '资格条件',
          children: `本市户籍，或连续缴纳社保满 ${batch.rules.localHukouOrInsuranceMonths} 个月`,
        },
        {
          key: 'reg',
          label: '意向登记',
          children: `${time(batch.regOpensAt)} 至 ${time(batch.regClosesAt)}`,
        },
        { key: 'review', label: '审核与申诉截止', children: time(batch.reviewClosesAt) },
        { key: 'draw', label: '摇号时间', children: time(batch.drawAt) },
        {
          key: 'slot',
          label: '选房',
          children: `每轮 ${batch.slotMinutes} 分钟，过号${batch.missedGoesLast ? '排到队尾一次' : '视为放弃'}`,
        },
        {
          key: 'beacon',
          label: '随机源',
          children: `${LOTTERY_BEACON_LABEL[batch.beacon]} 第 ${batch.beaconRound} 轮（${time(roundTime(batch.beaconRound))} 产生）`,
        },
        ...(batch.rules.description
          ? [{ key: 'desc', label: '其他规则', children: batch.rules.description }]
          : []),
      ]}
    />
  );
}

function ReviewQueue({ batch, now }: { batch: LotteryBatch; now: number }) {
  const queue = useLotteryRegistrations(batch.id);
  const decide = useDecideRegistration();
  const [filter, setFilter] = useState<'all' | LotteryRegStatus>('all');
  const [refusing, setRefusing] = useState<LotteryReviewItem | null>(null);
  const open = !batch.committedAt && now < Date.parse(batch.reviewClosesAt);
  const rows = (queue.data ?? []).filter((r) => filter === 'all' || r.status === filter);
  const waiting = (queue.data ?? []).filter(
    (r) => r.status === LOTTERY_REG_STATUS.SUBMITTED || r.status === LOTTERY_REG_STATUS.APPEALING,
  ).length;
  const approve = (row: LotteryReviewItem) =>
    decide.mutate({ id: row.id, approve: true, reason: '' });
  return (
    <Card
      title={`资格审核（待处理 ${waiting} 份）`}
      extra={
        <Segmented
          size="small"
          value={filter}
          onChange={(value) => setFilter(value as typeof filter)}
          options={[
            { value: 'all', label: '全部' },
            ...Object.entries(LOTTERY_REG_STATUS_LABEL).map(([value, label]) => ({
              value,
              label,
            })),
          ]}
        />
      }
      style={{ marginTop: 16 }}
      styles={{ header: { flexWrap: 'wrap', gap: 8 } }}
    >
      {!open && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={batch.committedAt ? '名单已公示，审核结果不能再改' : '审核已截止'}
        />
      )}
      <Table<LotteryReviewItem>
        rowKey="id"
        size="small"
        loading={queue.isFetching}
        dataSource={rows}
        scroll={{ x: 1320 }}
        locale={{ emptyText: '没有登记' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: '登记号', dataIndex: 'regNo', width: 90, fixed: 'left' },
          {
            title: '申请人',
            key: 'applicant',
            width: 190,
            render: (_, row) => (
              <Space orientation="vertical" size={0}>
                <span>{row.applicant}</span>
                <Typography.Text type="secondary">{row.applicantId}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '组别',
            dataIndex: 'homeless',
            width: 90,
            render: (homeless: boolean) => (homeless ? '无房家庭' : '普通'),
          },
          {
            title: '户籍 / 社保',
            key: 'local',
            width: 140,
            render: (_, row) =>
              `${row.localHukou ? '本市户籍' : '非本市户籍'}，社保 ${row.socialInsuranceMonths} 个月`,
          },
          {
            title: '家庭成员',
            key: 'members',
            width: 220,
            render: (_, row) =>
              row.members.length === 0 ? (
                '—'
              ) : (
                <Space orientation="vertical" size={0}>
                  {row.members.map((m) => (
                    <span key={`${m.name}${m.idCard}`}>
                      {m.relation === 'spouse' ? '配偶' : '子女'} {m.name} {m.idCard}
                    </span>
                  ))}
                </Space>
              ),
          },
          {
            title: '证明材料',
            key: 'proofs',
            width: 220,
            render: (_, row) => <ProofLinks row={row} />,
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 170,
            render: (status: LotteryRegStatus, row) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOR[status]}>{LOTTERY_REG_STATUS_LABEL[status]}</Tag>
                {row.reason && (
                  <Typography.Text type="secondary">原因：{row.reason}</Typography.Text>
                )}
                {row.appealReason && (
                  <Typography.Text type="warning">申诉：{row.appealReason}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            fixed: 'right',
            render: (_, row) => {
              const appeal = row.status === LOTTERY_REG_STATUS.APPEALING;
              if (!open || (!appeal && row.status !== LOTTERY_REG_STATUS.SUBMITTED)) return null;
              return (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    type="primary"
                    loading={decide.isPending && decide.variables?.id === row.id}
                    onClick={() => approve(row)}
                    aria-label={`${appeal ? '复核通过' : '通过'} ${row.regNo}`}
                  >
                    {appeal ? '复核通过' : '通过'}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => setRefusing(row)}
                    aria-label={`${appeal ? '复核不通过' : '不通过'} ${row.regNo}`}
                  >
                    {appeal ? '复核不通过' : '不通过'}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <Deferred when={refusing !== null}>
        <ReasonDialog
          label="不通过的原因（申请人可见）"
          okText="确认不通过"
          field={lotteryRefusalReasonSchema}
          title={
            refusing?.status === LOTTERY_REG_STATUS.APPEALING
              ? `复核不通过：${refusing.regNo}（最终决定）`
              : `不通过：${refusing?.regNo ?? ''}`
          }
          open={refusing !== null}
          isSaving={decide.isPending}
          onClose={() => setRefusing(null)}
          onSubmit={(reason) =>
            decide
              .mutateAsync({ id: refusing!.id, approve: false, reason })
              .then(() => true)
              .catch(() => false)
          }
        />
      </Deferred>
    </Card>
  );
}

function DrawResults({ batchId }: { batchId: number }) {
  const record = useDrawRecord(batchId);
  if (!record.data) return null;
  return (
    <Table
      size="small"
      rowKey="regNo"
      style={{ marginTop: 12 }}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={record.data.results}
      columns={[
        { title: '选房顺序', dataIndex: 'chooseOrder', width: 100 },
        { title: '登记号', dataIndex: 'regNo' },
        {
          title: '结果',
          dataIndex: 'outcome',
          render: (outcome: string) =>
            outcome === 'waitlist' ? <Tag>候补</Tag> : <Tag color="green">中签</Tag>,
        },
      ]}
    />
  );
}

function Steps({ batch, now }: { batch: LotteryBatch; now: number }) {
  const queue = useLotteryRegistrations(batch.id);
  const publish = usePublishLotteryList();
  const draw = useDrawLottery();
  const [confirming, setConfirming] = useState(false);
  const publishWhy = publishBlock(batch, queue.data, now);
  const drawWhy = drawBlock(batch, now);
  const verifyHref = paths.lotteryVerify.getHref({ id: batch.id });
  return (
    <Card title="公示与摇号" style={{ marginTop: 16 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <section aria-label="公示名单">
          <Typography.Title level={5}>1. 公示名单与承诺值</Typography.Title>
          {batch.listHash ? (
            <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
              <span>
                已于 {time(batch.committedAt ?? '')} 公示，合格{' '}
                {batch.counts.priority + batch.counts.general} 户（无房家庭 {batch.counts.priority}{' '}
                户）。承诺值 SHA-256：
              </span>
              <Typography.Text
                code
                copyable
                data-testid="lottery-list-hash"
                style={{ wordBreak: 'break-all' }}
              >
                {batch.listHash}
              </Typography.Text>
            </Space>
          ) : (
            <Space wrap>
              <Button
                type="primary"
                disabled={publishWhy !== null}
                onClick={() => setConfirming(true)}
              >
                公示名单
              </Button>
              {publishWhy && <Typography.Text type="secondary">{publishWhy}</Typography.Text>}
            </Space>
          )}
        </section>
        <section aria-label="摇号">
          <Typography.Title level={5}>2. 摇号</Typography.Title>
          {batch.drawnAt ? (
            <>
              <Typography.Paragraph>
                已于 {time(batch.drawnAt)} 摇号。<Link to={verifyHref}>打开公开复核页</Link>
                ，任何人都可以在本机重算并核对顺序。
              </Typography.Paragraph>
              <DrawResults batchId={batch.id} />
            </>
          ) : (
            <Space wrap>
              <Button
                type="primary"
                danger
                disabled={drawWhy !== null}
                loading={draw.isPending}
                onClick={() => draw.mutate(batch.id)}
              >
                摇号
              </Button>
              {drawWhy && <Typography.Text type="secondary">{drawWhy}</Typography.Text>}
            </Space>
          )}
        </section>
      </Space>
      <Modal
        title="确认公示名单"
        open={confirming}
        okText="确认公示，不可更改"
        okButtonProps={{ danger: true }}
        confirmLoading={publish.isPending}
        onCancel={() => setConfirming(false)}
        onOk={() => publish.mutate(batch.id, { onSettled: () => setConfirming(false) })}
      >
        <Typography.Paragraph>
          将公示资格审核通过的 {batch.counts.priority + batch.counts.general}{' '}
          户家庭，并公布名单的承诺值（SHA-256）。
        </Typography.Paragraph>
        <Typography.Paragraph strong>
          公示后名单和承诺值都不能更改，也不能再审核或复核任何登记。摇号将使用{' '}
          {LOTTERY_BEACON_LABEL[batch.beacon]} 第 {batch.beaconRound} 轮的随机数。
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

/** /admin/lottery/batch?id=: one batch's facts, its review queue, 公示名单 and 摇号. */
export function LotteryBatchConsole({ id }: { id: number }) {
  const batch = useLotteryBatch(id);
  const now = useNow();
  if (batch.isLoading) return <Spin />;
  if (!batch.data) {
    return (
      <Result
        status="404"
        title="摇号批次不存在"
        extra={<Link to={paths.adminLottery.getHref()}>返回批次列表</Link>}
      />
    );
  }
  const data = batch.data;
  return (
    <>
      <Space wrap align="center" style={{ marginBottom: 12 }}>
        <Link to={paths.adminLottery.getHref()}>摇号选房</Link>
        <span>/</span>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {data.title}
        </Typography.Title>
        <Typography.Text type="secondary">{data.code}</Typography.Text>
        <Tag color={PHASE_COLOR[data.phase as LotteryPhase]}>
          {LOTTERY_PHASE_LABEL[data.phase as LotteryPhase]}
        </Tag>
      </Space>
      <Summary batch={data} />
      <Steps batch={data} now={now} />
      <ReviewQueue batch={data} now={now} />
    </>
  );
}
