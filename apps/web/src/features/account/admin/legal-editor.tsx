import type { LegalKind } from '@portal/shared/legal/texts';
import { type LegalPublish, legalPublishSchema } from '@portal/shared/schemas/legal/admin';
import { Button, Form, Input, Popconfirm, Segmented, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { zodFieldRules } from '../../../lib/zod-rules';
import { useLegalVersions, usePublishLegal } from './legal-api';

const KIND_LABEL: Record<LegalKind, string> = {
  agreement: '用户服务协议',
  privacy: '个人信息保护政策',
};

/** Rules of one field taken from the shared schema, so the form and the server agree. */
const rulesOf = (field: keyof LegalPublish) => zodFieldRules(legalPublishSchema.shape[field]);

function KindEditor({ kind }: { kind: LegalKind }) {
  const versions = useLegalVersions(kind);
  const publish = usePublishLegal(kind);
  const [form] = Form.useForm<LegalPublish>();
  if (versions.isPending || !versions.data) return <Spin />;
  const current = versions.data[0];
  return (
    <>
      <Typography.Paragraph>
        现行第{current?.version}
        版。编辑后“发布新版本”：/agreement、/privacy、登录与注册对话框立即显示新版本；
        用户服务协议的新版本会在已登录用户下次打开页面时要求重新同意，个人信息保护政策的新版本会在用户下次实名认证、缴纳订约金或发布房源前要求重新单独同意。正文每行一段，以“##
        ”开头的行为小标题。已发布的版本不能修改。
      </Typography.Paragraph>
      <Form<LegalPublish>
        key={current?.version}
        form={form}
        layout="vertical"
        style={{ maxWidth: 900 }}
        initialValues={{ title: current?.title ?? '', body: current?.body ?? '' }}
        onFinish={(values) => void publish.mutateAsync(values).catch(() => null)}
      >
        <Form.Item name="title" label="标题" rules={rulesOf('title')}>
          <Input />
        </Form.Item>
        <Form.Item name="body" label="正文" rules={rulesOf('body')}>
          <Input.TextArea rows={16} />
        </Form.Item>
        <Popconfirm
          title={`发布第${(current?.version ?? 0) + 1}版${KIND_LABEL[kind]}？`}
          okText="发布"
          cancelText="取消"
          onConfirm={() => form.submit()}
        >
          <Button type="primary" loading={publish.isPending}>
            发布新版本
          </Button>
        </Popconfirm>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        历史版本
      </Typography.Title>
      <Table
        rowKey="version"
        size="small"
        pagination={false}
        dataSource={versions.data}
        columns={[
          { title: '版本', dataIndex: 'version', render: (v: number) => `第${v}版` },
          { title: '标题', dataIndex: 'title' },
          {
            title: '发布时间',
            dataIndex: 'publishedAt',
            render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: '发布人',
            dataIndex: 'publishedBy',
            render: (by: string | null) => by ?? '平台初始版本',
          },
          { title: '已同意人数', dataIndex: 'acceptedCount' },
        ]}
      />
    </>
  );
}

/** /admin/legal: the user service agreement and the privacy policy, one versioned source. */
export function LegalEditor() {
  const [kind, setKind] = useState<LegalKind>('agreement');
  return (
    <>
      <Typography.Title level={4}>协议与隐私政策</Typography.Title>
      <Segmented
        value={kind}
        onChange={(value) => setKind(value as LegalKind)}
        options={[
          { label: KIND_LABEL.agreement, value: 'agreement' },
          { label: KIND_LABEL.privacy, value: 'privacy' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <KindEditor key={kind} kind={kind} />
    </>
  );
}
