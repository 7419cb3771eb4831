import type { AdminUserRow } from '@portal/shared/schemas/users/admin';
import { Button, DatePicker, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { USER_FILTERS, useAdminUsers, useUserAction } from './api';
import { RealnameDialog } from './realname-dialog';

const ROLE_OPTIONS = [
  { value: 'user', label: '购房人' },
  { value: 'admin', label: '运营人员' },
];

/**
 * User search (URL-driven filters, so the dashboard's new-user link lands here) with real-name
 * marking and revoking, and disabling / enabling accounts.
 */
export function UserTable() {
  const { filters, setFilters, setPage } = useUrlFilters(USER_FILTERS);
  const role = filters.role === 'user' || filters.role === 'admin' ? filters.role : undefined;
  const { data, isFetching } = useAdminUsers({ ...filters, role });
  const action = useUserAction();
  const [verifying, setVerifying] = useState<AdminUserRow | null>(null);
  const run = (...args: Parameters<typeof action.mutateAsync>) =>
    action.mutateAsync(...args).catch(() => null);

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          用户
        </Typography.Title>
        <Input.Search
          key={filters.keyword ?? ''}
          placeholder="手机号 / 昵称 / 姓名"
          allowClear
          defaultValue={filters.keyword}
          style={{ width: 240 }}
          onSearch={(value) => setFilters({ keyword: value.trim() || undefined })}
        />
        <Select
          aria-label="角色"
          placeholder="角色"
          allowClear
          style={{ width: 120 }}
          value={role}
          options={ROLE_OPTIONS}
          onChange={(value?: string) => setFilters({ role: value })}
        />
        <DatePicker.RangePicker
          aria-label="注册日期"
          placeholder={['注册日期起', '注册日期止']}
          allowEmpty={[true, true]}
          value={[
            filters.createdFrom ? dayjs(filters.createdFrom) : null,
            filters.createdTo ? dayjs(filters.createdTo) : null,
          ]}
          onChange={(range) =>
            setFilters({
              createdFrom: range?.[0]?.format('YYYY-MM-DD'),
              createdTo: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </Space>
      <Table<AdminUserRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: filters.pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 位`,
          onChange: setPage,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '手机号', dataIndex: 'phone', width: 130 },
          { title: '昵称', dataIndex: 'nickname', ellipsis: true },
          {
            title: '实名',
            key: 'realname',
            width: 300,
            render: (_, u) =>
              u.realNameAuth ? (
                <Space size={4}>
                  <Tag color="green">已认证</Tag>
                  {u.realName} {u.idCard}
                </Space>
              ) : (
                <Tag>未认证</Tag>
              ),
          },
          {
            title: '角色 / 状态',
            key: 'state',
            width: 150,
            render: (_, u) => (
              <Space size={4}>
                {u.role === 'admin' ? <Tag color="purple">运营人员</Tag> : <Tag>购房人</Tag>}
                {u.disabled && <Tag color="red">已停用</Tag>}
              </Space>
            ),
          },
          {
            title: '注册时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 210,
            render: (_, u) => (
              <Space size={0} wrap>
                {u.realNameAuth ? (
                  <Popconfirm
                    title="确定撤销该用户的实名认证？"
                    onConfirm={() => run({ kind: 'realnameRevoke', id: u.id })}
                  >
                    <Button type="link" size="small">
                      撤销实名
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button type="link" size="small" onClick={() => setVerifying(u)}>
                    实名认证
                  </Button>
                )}
                {u.disabled ? (
                  <Popconfirm
                    title="确定启用该账号？"
                    onConfirm={() => run({ kind: 'enable', id: u.id })}
                  >
                    <Button type="link" size="small">
                      启用
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title="停用后该账号立即退出登录且无法登录，确定停用？"
                    onConfirm={() => run({ kind: 'disable', id: u.id })}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RealnameDialog user={verifying} onClose={() => setVerifying(null)} />
    </>
  );
}
