import type { AdminProjectRow } from '@portal/shared/schemas/projects/admin';
import { PROJECT_STATUS_LABEL, type ProjectStatusCode } from '@portal/shared/status';
import { Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAdminProjects } from './api';

/** Projects of every publish status with their room counts; each opens its editor. */
export function ProjectTable() {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useAdminProjects(keyword, pageNum);
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          楼盘与房源
        </Typography.Title>
        <Input.Search
          placeholder="楼盘名称"
          allowClear
          style={{ width: 240 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
        />
      </Space>
      <Table<AdminProjectRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个楼盘`,
          onChange: setPageNum,
        }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          {
            title: '楼盘名称',
            dataIndex: 'publishName',
            render: (name: string, row) => (
              <Link to={paths.adminProjectEdit.getHref({ id: row.id })}>{name}</Link>
            ),
          },
          { title: '区域', dataIndex: 'districtName', width: 110 },
          { title: '均价（元/㎡）', dataIndex: 'platformPrice', width: 130 },
          {
            title: '发布状态',
            dataIndex: 'publishStatus',
            width: 100,
            render: (status: number) => PROJECT_STATUS_LABEL[status as ProjectStatusCode] ?? status,
          },
          { title: '销售状态', dataIndex: 'statusText', width: 100 },
          {
            title: '可售 / 房间',
            key: 'rooms',
            width: 120,
            render: (_, row) => `${row.greenCount} / ${row.roomCount}`,
          },
          {
            title: '操作',
            key: 'actions',
            width: 90,
            render: (_, row) => (
              <Link to={paths.adminProjectEdit.getHref({ id: row.id })}>编辑</Link>
            ),
          },
        ]}
      />
    </>
  );
}
