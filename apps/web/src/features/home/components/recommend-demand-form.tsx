import { DISTRICTS } from '@portal/shared/constants/districts';
import { formatBedrooms, formatRoomCount } from '@portal/shared/format';
import type { RecommendDemand } from '@portal/shared/schemas/recommend';
import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useSaveDemand } from '../api/get-recommendations';
import styles from './recommend.module.css';

const ROOM_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: formatBedrooms(n) }));
const HALL_OPTIONS = [0, 1, 2, 3].map((n) => ({
  value: n,
  label: n === 0 ? '无厅' : formatRoomCount(n, '厅'),
}));
const DISTRICT_OPTIONS = DISTRICTS.map((d) => ({ value: d.code, label: d.name }));

type FormValues = { [K in keyof RecommendDemand]: RecommendDemand[K] | undefined };

const toDemand = (values: FormValues): RecommendDemand => ({
  districtCode: values.districtCode ?? null,
  bedroom: values.bedroom ?? null,
  hall: values.hall ?? null,
  priceMin: values.priceMin ?? null,
  priceMax: values.priceMax ?? null,
  areaMin: values.areaMin ?? null,
  areaMax: values.areaMax ?? null,
});

/** The buyer's demand (区域, 户型, 单价 元/㎡, 面积 ㎡); saving refreshes the recommendations. */
export function RecommendDemandForm({ demand }: { demand: RecommendDemand }) {
  const save = useSaveDemand();
  const [form] = Form.useForm<FormValues>();

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      className={styles.demandForm}
      initialValues={demand}
      onFinish={(values) => save.mutate(toDemand(values))}
    >
      <Form.Item name="districtCode" label="区域">
        <Select allowClear placeholder="不限" options={DISTRICT_OPTIONS} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item label="户型">
        <Space.Compact>
          <Form.Item name="bedroom" noStyle>
            <Select
              allowClear
              aria-label="室"
              placeholder="室"
              options={ROOM_OPTIONS}
              style={{ width: 80 }}
            />
          </Form.Item>
          <Form.Item name="hall" noStyle>
            <Select
              allowClear
              aria-label="厅"
              placeholder="厅"
              options={HALL_OPTIONS}
              style={{ width: 80 }}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="单价(元/㎡)">
        <Space.Compact>
          <Form.Item name="priceMin" noStyle>
            <InputNumber
              aria-label="最低单价"
              min={0}
              max={200000}
              precision={0}
              placeholder="最低"
            />
          </Form.Item>
          <Form.Item
            name="priceMax"
            noStyle
            dependencies={['priceMin']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: number | null | undefined) => {
                  const min = getFieldValue('priceMin') as number | null | undefined;
                  return value == null || min == null || min <= value
                    ? Promise.resolve()
                    : Promise.reject(new Error('最低单价不能高于最高单价'));
                },
              }),
            ]}
          >
            <InputNumber
              aria-label="最高单价"
              min={0}
              max={200000}
              precision={0}
              placeholder="最高"
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="面积(㎡)">
        <Space.Compact>
          <Form.Item name="areaMin" noStyle>
            <InputNumber aria-label="最小面积" min={0} max={2000} placeholder="最小" />
          </Form.Item>
          <Form.Item
            name="areaMax"
            noStyle
            dependencies={['areaMin']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: number | null | undefined) => {
                  const min = getFieldValue('areaMin') as number | null | undefined;
                  return value == null || min == null || min <= value
                    ? Promise.resolve()
                    : Promise.reject(new Error('最小面积不能大于最大面积'));
                },
              }),
            ]}
          >
            <InputNumber aria-label="最大面积" min={0} max={2000} placeholder="最大" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存需求
        </Button>
      </Form.Item>
    </Form>
  );
}
