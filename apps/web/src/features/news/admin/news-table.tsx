import { NEWS_TYPE_LABEL, type NewsType } from '@portal/shared/constants/news';
import type { AdminNewsRow } from '@portal/shared/schemas/news/admin';
import { NEWS_STATUS, NEWS_STATUS_LABEL, type NewsStatusCode } from '@portal/shared/status';
import { Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { type AdminNewsFilters, useAdminNewsList, useSetNewsPublished } from './api';

const TYPE_OPTIONS = ([1, 2, 3] as NewsType[]).map((value) => ({
  value,
  label: NEWS_TYPE_LABEL[value],
}));
const STATE_OPTIONS = [NEWS_STATUS.DRAFT, NEWS_STATUS.PUBLISHED, NEWS_STATUS.WITHDRAWN].map(
  (value) => ({ value, label: NEWS_STATUS_LABEL[value] }),
);
const STATE_COLOR: Record<NewsStatusCode, string> = {
  [NEWS_STATUS.DRAFT]: 'default',
  [NEWS_STATUS.PENDING]: 'orange',
  [NEWS_STATUS.PUBLISHED]: 'green',
  [NEWS_STATUS.WITHDRAWN]: 'red',
};

/** Articles of every state with filters, and publish / withdraw / edit actions. */
export function NewsTable() {
  const [filters, setFilters] = useState<AdminNewsFilters>({ pageNum: 1 });
  const { data, isFetching } = useAdminNewsList(filters);
  const setPublished = useSetNewsPublished();
  const update = (patch: Partial<AdminNewsFilters>) =>
    setFilters((f) => ({ ...f, ...patch, pageNum: 1 }));

  return (
    <>
      <Space className="admin-toolbar" wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          资讯管理
        </Typography.Title>
        <Input.Search
          placeholder="标题关键字"
          allowClear
          onSearch={(keyword) => update({ keyword: keyword.trim() || undefined })}
          style={{ width: 220 }}
        />
        <Select
          placeholder="类型"
          allowClear
          options={TYPE_OPTIONS}
          onChange={(newsType?: number) => update({ newsType })}
          style={{ width: 120 }}
        />
        <Select
          placeholder="状态"
          allowClear
          options={STATE_OPTIONS}
          onChange={(newsState?: number) => update({ newsState })}
          style={{ width: 120 }}
        />
        <Link to={paths.adminNewsEdit.getHref({})}>
          <Button type="primary">新建文章</Button>
        </Link>
      </Space>
      <Table<AdminNewsRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={{
          current: filters.pageNum,
          pageSize: data?.pageSize ?? 20,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 篇`,
          onChange: (pageNum) => setFilters((f) => ({ ...f, pageNum })),
        }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          {
            title: '类型',
            dataIndex: 'newsType',
            width: 100,
            render: (type: NewsType) => NEWS_TYPE_LABEL[type] ?? type,
          },
          {
            title: '状态',
            dataIndex: 'newsState',
            width: 90,
            render: (state: number) => (
              <Tag color={STATE_COLOR[state as NewsStatusCode]}>
                {NEWS_STATUS_LABEL[state as NewsStatusCode]}
              </Tag>
            ),
          },
          { title: '来源', dataIndex: 'source', width: 160, ellipsis: true },
          {
            title: '更新时间',
            dataIndex: 'updatedAt',
            width: 160,
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, row) => (
              <Space size="small">
                <Link to={paths.adminNewsEdit.getHref({ id: row.id })}>编辑</Link>
                {row.newsState === NEWS_STATUS.PUBLISHED ? (
                  <Popconfirm
                    title="撤回后文章将不再公开，确定撤回？"
                    onConfirm={() => setPublished.mutateAsync({ id: row.id, publish: false })}
                  >
                    <Button type="link" size="small" danger>
                      撤回
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm
                    title="发布后文章将立即公开，确定发布？"
                    onConfirm={() => setPublished.mutateAsync({ id: row.id, publish: true })}
                  >
                    <Button type="link" size="small">
                      发布
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
