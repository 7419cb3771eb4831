import { LOTTERY_BEACON_LABEL } from '@portal/shared/schemas/lottery';
import {
  type LotteryBatchCreate,
  lotteryBatchCreateSchema,
} from '@portal/shared/schemas/lottery/admin';
import {
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { lastRoundAtOrBefore, roundTime } from './beacon-round';
import { useBatchProjects, useCreateLotteryBatch } from './lottery-admin-api';
import { RoomPicker } from './room-picker';

const field = lotteryBatchCreateSchema.shape;
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The form's values: times as dayjs, the rest as the create API takes them. */
export interface BatchFormValues {
  code: string;
  title: string;
  projectId?: number;
  roomIds: number[];
  regOpensAt?: Dayjs;
  regClosesAt?: Dayjs;
  reviewClosesAt?: Dayjs;
  drawAt?: Dayjs;
  localHukouOrInsuranceMonths: number;
  prioritySharePct: number;
  description: string;
  slotMinutes: number;
  missedGoesLast: boolean;
  beacon: LotteryBatchCreate['beacon'];
  beaconRound?: number;
}

/** The four times in their order; each must come after the one before (the server's rule). */
const TIMES = [
  { name: 'regOpensAt', label: '登记开始' },
  { name: 'regClosesAt', label: '登记截止' },
  { name: 'reviewClosesAt', label: '审核与申诉截止' },
  { name: 'drawAt', label: '摇号时间' },
] as const;

function timeRule(index: number): FormRule {
  const { name, label } = TIMES[index]!;
  const before = index > 0 ? TIMES[index - 1] : undefined;
  return ({ getFieldValue }) => ({
    validator: (_rule, value: Dayjs | undefined) => {
      if (!value) return Promise.reject(new Error(`请选择${label}`));
      const previous = before ? (getFieldValue(before.name) as Dayjs | undefined) : undefined;
      // 登记截止 may equal 审核截止 (no review after registration closes); the others are strict.
      const tooEarly =
        previous &&
        (name === 'reviewClosesAt' ? value.isBefore(previous) : !value.isAfter(previous));
      if (before && tooEarly) {
        return Promise.reject(
          new Error(`${label}须${name === 'reviewClosesAt' ? '不早于' : '晚于'}${before.label}`),
        );
      }
      return Promise.resolve();
    },
  });
}

/**
 * The random value must be unknown when the list is committed: its round is produced after
 * review closes (the list is published then), and at the latest at the draw time, so the draw
 * can read it then (docs/product/lottery.md).
 */
const roundRule: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: number | null | undefined) => {
    if (!value) return Promise.reject(new Error('请填写随机信标轮次'));
    const reviewCloses = getFieldValue('reviewClosesAt') as Dayjs | undefined;
    const drawAt = getFieldValue('drawAt') as Dayjs | undefined;
    const at = roundTime(value);
    if (reviewCloses && at <= reviewCloses.valueOf()) {
      return Promise.reject(
        new Error(
          '该轮次在审核截止前已产生，须选公示名单之后才产生的轮次（摇号时间须比审核截止晚 3 秒以上）',
        ),
      );
    }
    if (drawAt && at > drawAt.valueOf()) {
      return Promise.reject(new Error('该轮次在摇号时间之后才产生，摇号时将无法读取'));
    }
    return Promise.resolve();
  },
});

/** The body of `POST /api/admin/lottery/batches` from the form's values. */
export function toCreateBody(values: BatchFormValues): LotteryBatchCreate {
  const iso = (value: Dayjs | undefined) => (value ?? dayjs()).toISOString();
  return {
    code: values.code.trim(),
    title: values.title.trim(),
    projectId: values.projectId ?? 0,
    roomIds: values.roomIds,
    prioritySharePct: values.prioritySharePct,
    localHukouOrInsuranceMonths: values.localHukouOrInsuranceMonths,
    description: (values.description ?? '').trim(),
    regOpensAt: iso(values.regOpensAt),
    regClosesAt: iso(values.regClosesAt),
    reviewClosesAt: iso(values.reviewClosesAt),
    drawAt: iso(values.drawAt),
    slotMinutes: values.slotMinutes,
    missedGoesLast: values.missedGoesLast,
    beacon: values.beacon,
    beaconRound: values.beaconRound ?? 0,
  };
}

function ProjectSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useBatchProjects(keyword);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder="输入楼盘名称搜索"
      value={value}
      onChange={onChange}
      loading={isFetching}
      options={(data?.list ?? []).map((p) => ({ value: p.id, label: p.publishName }))}
      notFoundContent={isFetching ? '加载中…' : '没有匹配的楼盘'}
    />
  );
}

interface BatchCreateFormProps {
  onCreated: (id: number) => void;
  onCancel: () => void;
}

/**
 * 新建摇号批次: the project and its rooms, the four times, the local condition, the share for
 * 无房家庭, the 选房 turn and its missed-turn rule, and the randomness source with its round
 * (filled in from the draw time). Checked as the server checks it; the server's refusals (a room
 * in another batch, a code in use) show as its message.
 */
export function BatchCreateForm({ onCreated, onCancel }: BatchCreateFormProps) {
  const [form] = Form.useForm<BatchFormValues>();
  const create = useCreateLotteryBatch();
  const projectId = Form.useWatch('projectId', form);
  const round = Form.useWatch('beaconRound', form);

  const handleFinish = (values: BatchFormValues) => {
    create.mutate(toCreateBody(values), { onSuccess: ({ id }) => onCreated(id) });
  };

  return (
    <Form<BatchFormValues>
      form={form}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={{
        roomIds: [],
        localHukouOrInsuranceMonths: 12,
        prioritySharePct: 30,
        description: '',
        slotMinutes: 10,
        missedGoesLast: true,
        beacon: 'drand',
      }}
      onValuesChange={(changed: Partial<BatchFormValues>) => {
        if ('projectId' in changed) form.setFieldValue('roomIds', []);
        if (changed.drawAt) {
          form.setFieldValue('beaconRound', lastRoundAtOrBefore(changed.drawAt.valueOf()));
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="code"
            label="批次编号"
            rules={zodFieldRules(field.code, { requiredMessage: '请填写批次编号' })}
          >
            <Input maxLength={40} placeholder="如 LH2026-002" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="title"
            label="批次名称"
            rules={zodFieldRules(field.title, { requiredMessage: '请填写批次名称' })}
          >
            <Input maxLength={zodFieldBounds(field.title).max} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="projectId"
            label="楼盘"
            rules={[{ required: true, message: '请选择楼盘' }]}
          >
            <ProjectSelect />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="roomIds"
        label="摇号房源（勾选整栋、整个单元或单套房间）"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择摇号房源' }]}
      >
        <RoomPicker projectId={projectId} />
      </Form.Item>
      <Row gutter={16}>
        {TIMES.map((time, index) => (
          <Col xs={24} md={12} xl={6} key={time.name}>
            <Form.Item
              name={time.name}
              label={time.label}
              required
              rules={[timeRule(index)]}
              dependencies={index > 0 ? [TIMES[index - 1]!.name] : []}
            >
              <DatePicker
                showTime
                needConfirm={false}
                format={TIME_FORMAT}
                style={{ width: '100%' }}
                placeholder={`选择${time.label}`}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="localHukouOrInsuranceMonths"
            label="非本市户籍须连续缴纳社保（月）"
            rules={zodFieldRules(field.localHukouOrInsuranceMonths, {
              requiredMessage: '请填写社保月数',
            })}
          >
            <InputNumber min={0} max={120} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="prioritySharePct"
            label="无房家庭优先比例（%）"
            rules={zodFieldRules(field.prioritySharePct, { requiredMessage: '请填写优先比例' })}
          >
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="slotMinutes"
            label="每轮选房时长（分钟）"
            rules={zodFieldRules(field.slotMinutes, { requiredMessage: '请填写选房时长' })}
          >
            <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Form.Item name="missedGoesLast" label="过号处理">
            <Radio.Group
              options={[
                { value: true, label: '排到队尾一次' },
                { value: false, label: '视为放弃' },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label="其他规则说明" rules={zodFieldRules(field.description)}>
        <Input.TextArea rows={2} maxLength={500} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="beacon" label="随机源">
            <Select
              options={Object.entries(LOTTERY_BEACON_LABEL).map(([value, label]) => ({
                value,
                label,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="beaconRound"
            label="随机信标轮次"
            required
            rules={[roundRule]}
            dependencies={['reviewClosesAt', 'drawAt']}
            extra={
              round
                ? `第 ${round} 轮产生于 ${dayjs(roundTime(round)).format(TIME_FORMAT)}；选定摇号时间后自动填入`
                : '选定摇号时间后自动填入该时刻产生的轮次'
            }
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          创建批次
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        批次创建后，所选房源只能在摇号选房中由轮到的购房人锁定；随机信标轮次须在公示名单之后产生，任何一方都无法事先知道摇号结果。
      </Typography.Paragraph>
    </Form>
  );
}
