import {
  parseLotteryList,
  runLotteryDraw,
  sameLotteryOrder,
  type LotteryDraw,
} from '@portal/shared/domain/lottery-draw';
import {
  LOTTERY_BEACON_LABEL,
  type LotteryBeacon,
  type LotteryDrawRecord,
} from '@portal/shared/schemas/lottery';
import { Alert, Button, Input, Table } from 'antd';
import { useState } from 'react';
import styles from './lottery.module.css';

interface Verdict {
  same: boolean;
  hashSame: boolean;
  draw: LotteryDraw | null;
  problem: string | null;
}

/** Recomputes a draw in this browser with the shared code the server used. */
function verify(listText: string, randomness: string, record: LotteryDrawRecord | null): Verdict {
  try {
    const draw = runLotteryDraw(parseLotteryList(listText), randomness.trim());
    const hashSame = !record?.listHash || record.listHash === draw.listHash;
    const same = hashSame && (!record || sameLotteryOrder(record.results, draw));
    return { same, hashSame, draw, problem: null };
  } catch (error) {
    return {
      same: false,
      hashSame: false,
      draw: null,
      problem: `无法计算：${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

const OUTCOME = { priority: '优先组中签', general: '普通组中签', waitlist: '候补' } as const;

/**
 * The verifier (docs/product/lottery.md): the published list and random value, editable, are run
 * through the draw here, and the order is compared with the published one: 一致 or 不一致.
 */
/** Mount it again (a new `key`) when another record arrives. */
export function VerifyPanel({ record }: { record: LotteryDrawRecord | null }) {
  const [listText, setListText] = useState(record?.listText ?? '');
  const [randomness, setRandomness] = useState(record?.randomness ?? '');
  const [verdict, setVerdict] = useState<Verdict | null>(null);

  return (
    <div className={styles.stack}>
      <label className={styles.label} htmlFor="verify-list">
        资格名单（规范文本，其 SHA-256 即摇号前公布的承诺值）
      </label>
      <Input.TextArea
        id="verify-list"
        value={listText}
        onChange={(event) => setListText(event.target.value)}
        autoSize={{ minRows: 4, maxRows: 10 }}
        className={styles.mono}
      />
      <label className={styles.label} htmlFor="verify-random">
        随机数（
        {record
          ? `${LOTTERY_BEACON_LABEL[record.beacon as LotteryBeacon] ?? record.beacon} 第 ${record.beaconRound} 轮`
          : '公开随机信标'}
        ）
      </label>
      <Input
        id="verify-random"
        value={randomness}
        onChange={(event) => setRandomness(event.target.value)}
        size="large"
        className={styles.mono}
      />
      <Button
        type="primary"
        size="large"
        className={styles.wideButton}
        onClick={() => setVerdict(verify(listText, randomness, record))}
      >
        在本机重新计算
      </Button>
      {verdict?.problem && <Alert type="error" title={verdict.problem} />}
      {verdict?.draw && (
        <>
          <Alert
            type={verdict.same ? 'success' : 'error'}
            title={<span data-testid="verify-verdict">{verdict.same ? '一致' : '不一致'}</span>}
            description={
              record
                ? verdict.hashSame
                  ? verdict.same
                    ? '本机算出的顺序与公布的摇号结果完全相同。'
                    : '名单与承诺值相符，但算出的顺序与公布结果不同。'
                  : `名单的 SHA-256（${verdict.draw.listHash.slice(0, 16)}…）与公布的承诺值不符。`
                : '未加载公布结果，仅显示计算出的顺序。'
            }
          />
          <p className={styles.mono}>名单 SHA-256：{verdict.draw.listHash}</p>
          <Table
            size="small"
            rowKey="regNo"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={verdict.draw.places}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '选房顺序', dataIndex: 'chooseOrder', fixed: 'left' },
              { title: '登记号', dataIndex: 'regNo' },
              {
                title: '结果',
                dataIndex: 'outcome',
                render: (value: keyof typeof OUTCOME) => OUTCOME[value],
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
