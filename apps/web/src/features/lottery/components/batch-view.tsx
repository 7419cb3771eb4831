import { LOTTERY_BEACON_LABEL, type LotteryBatch } from '@portal/shared/schemas/lottery';
import {
  LOTTERY_PHASE,
  LOTTERY_PHASE_LABEL,
  LOTTERY_REG_STATUS_LABEL,
  type LotteryRegStatus,
} from '@portal/shared/status';
import { Descriptions, Spin, Steps, Table } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth-store';
import { useBoardEvents } from '../api/board-events';
import {
  useDrawRecord,
  useLotteryBatch,
  useLotteryBatches,
  useLotteryBoard,
  useMyLottery,
} from '../api/lottery-api';
import { LazyRegistrationForm } from './lazy-registration-form';
import styles from './lottery.module.css';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

function Timeline({ batch }: { batch: LotteryBatch }) {
  const order = [
    LOTTERY_PHASE.REGISTERING,
    LOTTERY_PHASE.REVIEWING,
    LOTTERY_PHASE.PUBLISHED,
    LOTTERY_PHASE.DRAWN,
  ];
  const current = Math.max(0, order.indexOf(batch.phase as (typeof order)[number]));
  return (
    <Steps
      direction="vertical"
      size="small"
      current={current}
      items={[
        {
          title: '意向登记',
          description: `${time(batch.regOpensAt)} 至 ${time(batch.regClosesAt)}`,
        },
        { title: '资格审核与申诉', description: `至 ${time(batch.reviewClosesAt)}` },
        {
          title: '公示名单与承诺值',
          description: batch.listHash
            ? `SHA-256 ${batch.listHash.slice(0, 16)}…`
            : '审核结束后公布',
        },
        {
          title: '摇号与选房',
          description: `${time(batch.drawAt)}，随机源：${LOTTERY_BEACON_LABEL[batch.beacon]} 第 ${batch.beaconRound} 轮`,
        },
      ]}
    />
  );
}

function Board({ batch }: { batch: LotteryBatch }) {
  const drawn = batch.phase === LOTTERY_PHASE.DRAWN;
  const live = useBoardEvents(batch.id, drawn);
  const board = useLotteryBoard(batch.id, drawn, live !== 'live');
  if (!board.data) return null;
  return (
    <section className={styles.card} aria-label="选房看板">
      <p className={styles.big} data-testid="lottery-current" aria-live="polite">
        {board.data.current
          ? `正在选房：第 ${board.data.current.chooseOrder} 号`
          : board.data.roomsLeft === 0
            ? '选房已结束'
            : '当前无人选房'}
      </p>
      <p>
        剩余摇号房源 {board.data.roomsLeft} 套
        {board.data.current
          ? `，本轮截止 ${dayjs(board.data.current.endsAt).format('HH:mm:ss')}`
          : ''}
      </p>
      <p className={styles.muted} data-testid="lottery-live">
        {live === 'live' ? '实时更新' : '正在连接，每 5 秒刷新'}
      </p>
    </section>
  );
}

function Results({ batchId }: { batchId: number }) {
  const record = useDrawRecord(batchId);
  if (!record.data?.listText) return null;
  const rows = record.data.listText
    .split('\n')
    .slice(4)
    .filter(Boolean)
    .map((line) => {
      const [regNo, group, name, id] = line.split(',');
      return { regNo: regNo ?? '', group: group === 'P' ? '无房家庭' : '普通', name, id };
    });
  const orderOf = new Map(record.data.results.map((r) => [r.regNo, r.chooseOrder]));
  return (
    <section className={styles.card}>
      <h2>资格名单{record.data.results.length > 0 ? '与摇号结果' : '（已公示）'}</h2>
      <p className={styles.mono}>承诺值 SHA-256：{record.data.listHash}</p>
      {record.data.randomness && (
        <p className={styles.mono}>
          随机数（第 {record.data.beaconRound} 轮）：{record.data.randomness}
        </p>
      )}
      <Table
        size="small"
        rowKey="regNo"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={rows.map((row) => ({ ...row, order: orderOf.get(row.regNo) }))}
        columns={[
          { title: '登记号', dataIndex: 'regNo', fixed: 'left' },
          { title: '组别', dataIndex: 'group' },
          { title: '姓名', dataIndex: 'name' },
          { title: '身份证号', dataIndex: 'id' },
          ...(record.data.results.length > 0
            ? [
                {
                  title: '选房顺序',
                  dataIndex: 'order',
                  sorter: (a: { order?: number }, b: { order?: number }) =>
                    (a.order ?? 0) - (b.order ?? 0),
                },
              ]
            : []),
        ]}
      />
      <div className={styles.links}>
        <Link to={paths.lotteryVerify.getHref({ id: batchId })}>在本机复核摇号结果</Link>
      </div>
    </section>
  );
}

function Registration({ batch }: { batch: LotteryBatch }) {
  const signedIn = useAuth((s) => s.user !== null);
  const mine = useMyLottery(signedIn);
  const own = mine.data?.find((r) => r.batchId === batch.id);
  if (batch.phase !== LOTTERY_PHASE.REGISTERING && !own) return null;
  return (
    <section className={styles.card}>
      <h2>意向登记</h2>
      {!signedIn ? (
        <Link to={paths.login.getHref({ redirect: paths.lottery.getHref({ id: batch.id }) })}>
          登录后登记（须实名认证）
        </Link>
      ) : own ? (
        <p data-testid="lottery-own-status">
          登记号 {own.regNo}：{LOTTERY_REG_STATUS_LABEL[own.status as LotteryRegStatus]}
          {own.reason ? `（${own.reason}）` : ''}，详见{' '}
          <Link to={paths.myLottery.getHref()}>我的摇号</Link>
        </p>
      ) : (
        <LazyRegistrationForm batch={batch} onSaved={() => void mine.refetch()} />
      )}
    </section>
  );
}

/** /lottery?id=: a batch's rules, timeline, counts and odds, 意向登记, the lists and the board. */
export function BatchView({ id }: { id: number }) {
  const { data: batch, isPending, isError } = useLotteryBatch(id);
  if (isPending && !isError) return <Spin />;
  if (!batch) return <EmptyState description="摇号批次不存在" />;
  return (
    <div className={styles.stack}>
      <h1 className={styles.title}>{batch.title}</h1>
      <p>
        <Link to={paths.houseHome.getHref({ id: batch.projectId })}>{batch.projectName}</Link> ·{' '}
        {LOTTERY_PHASE_LABEL[batch.phase as keyof typeof LOTTERY_PHASE_LABEL]}
      </p>
      <div className={styles.grid}>
        <section className={styles.card}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="摇号房源">
              {batch.roomCount} 套（无房家庭优先 {batch.priorityRooms} 套，{batch.prioritySharePct}
              %）
            </Descriptions.Item>
            <Descriptions.Item label="登记条件">
              本市户籍或本地社保满 {batch.rules.localHukouOrInsuranceMonths}{' '}
              个月；每户一份登记（本人、配偶、未成年子女）
            </Descriptions.Item>
            <Descriptions.Item label="登记家庭">{batch.counts.registered} 户</Descriptions.Item>
            <Descriptions.Item label="资格通过">
              无房家庭 {batch.counts.priority} 户 · 普通 {batch.counts.general} 户
            </Descriptions.Item>
            <Descriptions.Item label="中签率">
              {batch.odds.priority === null && batch.odds.general === null
                ? '名单公示后计算'
                : `无房家庭 ${batch.odds.priority ?? '—'}% · 普通 ${batch.odds.general ?? '—'}%`}
            </Descriptions.Item>
            <Descriptions.Item label="选房">
              按摇号顺序每户 {batch.slotMinutes} 分钟；过号
              {batch.missedGoesLast ? '排到队尾' : '视为放弃'}
            </Descriptions.Item>
          </Descriptions>
        </section>
        <section className={styles.card}>
          <Timeline batch={batch} />
        </section>
      </div>
      <Registration batch={batch} />
      <Board batch={batch} />
      <Results batchId={batch.id} />
    </div>
  );
}

/** /lottery without an id: every batch. */
export function BatchList() {
  const { data, isPending } = useLotteryBatches();
  if (isPending) return <Spin />;
  if (!data?.length) return <EmptyState description="暂无摇号批次" />;
  return (
    <div className={styles.stack}>
      <h1 className={styles.title}>摇号选房</h1>
      {data.map((batch) => (
        <Link key={batch.id} to={paths.lottery.getHref({ id: batch.id })} className={styles.card}>
          <strong>{batch.title}</strong>
          <div>
            {batch.projectName} ·{' '}
            {LOTTERY_PHASE_LABEL[batch.phase as keyof typeof LOTTERY_PHASE_LABEL]} · 房源{' '}
            {batch.roomCount} 套 · 登记 {batch.counts.registered} 户
          </div>
        </Link>
      ))}
    </div>
  );
}
