import {
  AUDIT_ACTION_LABEL,
  AUDIT_TARGET_LABEL,
  type AuditEntry,
} from '@portal/shared/schemas/audit/admin';
import { DatePicker, Input, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type AuditFilters, useAuditLog } from '../api/audit';

/** The label of a key, or the key itself for one this version does not know. */
function labelOf(labels: Record<string, string>, key: string): string {
  return labels[key] ?? key;
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span style={{ color: '#999' }}>—</span>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/** Every operator action: who, what, on which target, when, with the before and after values. */
export function AuditTable() {
  const [filters, setFilters] = useState<AuditFilters>({ pageNum: 1 });
  const { data, isFetching } = useAuditLog(filters);
  const update = (patch: Partial<AuditFilters>) =>
    setFilters((f) => ({ ...f, ...patch, pageNum: 1 }));

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          操作日志
        </Typography.Title>
        <Select
          placeholder="操作"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 180 }}
          options={Object.entries(AUDIT_ACTION_LABEL).map(([value, label]) => ({ value, label }))}
          onChange={(action?: string) => update({ action })}
        />
        <Select
          placeholder="对象类型"
          allowClear
          style={{ width: 120 }}
          options={Object.entries(AUDIT_TARGET_LABEL).map(([value, label]) => ({ value, label }))}
          onChange={(targetType?: string) => update({ targetType })}
        />
        <Input
          placeholder="对象编号"
          allowClear
          style={{ width: 110 }}
          onChange={(event) => {
            const id = Number(event.target.value);
            update({ targetId: Number.isInteger(id) && id > 0 ? id : undefined });
          }}
        />
        <Input
          placeholder="操作人编号"
          allowClear
          style={{ width: 110 }}
          onChange={(event) => {
            const id = Number(event.target.value);
            update({ actorId: Number.isInteger(id) && id > 0 ? id : undefined });
          }}
        />
        <DatePicker.RangePicker
          onChange={(range) =>
            update({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: filters.pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNum) => setFilters((f) => ({ ...f, pageNum })),
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'at',
            width: 160,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: '操作人',
            key: 'actor',
            width: 140,
            render: (_, e) => (e.actorId ? `${e.actorPhone ?? ''}（${e.actorId}）` : '命令行'),
          },
          {
            title: '操作',
            dataIndex: 'action',
            width: 150,
            render: (action: string) => labelOf(AUDIT_ACTION_LABEL, action),
          },
          {
            title: '对象',
            key: 'target',
            width: 110,
            render: (_, e) => `${labelOf(AUDIT_TARGET_LABEL, e.targetType)} ${e.targetId ?? ''}`,
          },
          {
            title: '变更前',
            dataIndex: 'before',
            width: '25%',
            render: (v: unknown) => <Json value={v} />,
          },
          {
            title: '变更后',
            dataIndex: 'after',
            width: '25%',
            render: (v: unknown) => <Json value={v} />,
          },
        ]}
      />
    </>
  );
}
