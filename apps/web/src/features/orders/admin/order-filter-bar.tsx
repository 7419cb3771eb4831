import { PAY_STATUS_LABEL, REFUND_STATUS_LABEL } from '@portal/shared/status';
import { Button, DatePicker, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { FilterValues } from '../../../lib/use-url-filters';
import type { ORDER_FILTERS } from './api';

type OrderFilterValues = FilterValues<typeof ORDER_FILTERS>;

const toOptions = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

const DAY_FORMAT = 'YYYY-MM-DD';

/** The order search controls; every value lives in the URL, so the dashboard links land here. */
export function OrderFilterBar({
  filters,
  onChange,
}: {
  filters: OrderFilterValues;
  onChange: (patch: OrderFilterValues) => void;
}) {
  const hasFilter = [
    filters.keyword,
    filters.payStatus,
    filters.refundStatus,
    filters.createdFrom,
    filters.createdTo,
  ].some((value) => value !== undefined);
  return (
    <Space style={{ marginBottom: 16 }} wrap>
      <Typography.Title level={4} style={{ margin: 0 }}>
        订单
      </Typography.Title>
      <Input.Search
        key={filters.keyword ?? ''}
        placeholder="订单号 / 购房人 / 手机号 / 房源"
        allowClear
        defaultValue={filters.keyword}
        style={{ width: 280 }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        aria-label="订单状态"
        placeholder="订单状态"
        allowClear
        style={{ width: 130 }}
        value={filters.payStatus}
        options={toOptions(PAY_STATUS_LABEL)}
        onChange={(payStatus?: number) => onChange({ payStatus })}
      />
      <Select
        aria-label="退款状态"
        placeholder="退款状态"
        allowClear
        style={{ width: 130 }}
        value={filters.refundStatus}
        options={toOptions(REFUND_STATUS_LABEL)}
        onChange={(refundStatus?: number) => onChange({ refundStatus })}
      />
      <DatePicker.RangePicker
        aria-label="下单日期"
        placeholder={['下单日期起', '下单日期止']}
        value={[
          filters.createdFrom ? dayjs(filters.createdFrom) : null,
          filters.createdTo ? dayjs(filters.createdTo) : null,
        ]}
        allowEmpty={[true, true]}
        onChange={(range) =>
          onChange({
            createdFrom: range?.[0]?.format(DAY_FORMAT),
            createdTo: range?.[1]?.format(DAY_FORMAT),
          })
        }
      />
      {hasFilter && (
        <Button
          type="link"
          onClick={() =>
            onChange({
              keyword: undefined,
              payStatus: undefined,
              refundStatus: undefined,
              createdFrom: undefined,
              createdTo: undefined,
            })
          }
        >
          清除筛选
        </Button>
      )}
    </Space>
  );
}
