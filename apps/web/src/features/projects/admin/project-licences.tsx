import {
  type AdminLicenceSave,
  adminLicenceSaveSchema,
  type AdminProjectDetail,
} from '@portal/shared/schemas/projects/admin';
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useDeleteLicence, useSaveLicence } from './api';

/** The text fields' rules and lengths, from the shared schema the server checks. */
const FIELD = adminLicenceSaveSchema.shape;
const rulesOf = (name: 'licenceNo' | 'buildingNames' | 'scope') => zodFieldRules(FIELD[name]);
const maxOf = (name: 'licenceNo' | 'buildingNames' | 'scope') => zodFieldBounds(FIELD[name]).max;

type Licence = AdminProjectDetail['licences'][number];
type FormValues = Omit<AdminLicenceSave, 'issueDate'> & { issueDate: Dayjs };

/**
 * Pre-sale licences of a project: list, add, edit, and delete one entered by mistake (the server
 * refuses a licence that buildings rest on and names them).
 */
export function ProjectLicences({ project }: { project: AdminProjectDetail }) {
  const save = useSaveLicence(project.id);
  const remove = useDeleteLicence(project.id);
  const [editing, setEditing] = useState<Licence | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();

  const open = (licence: Licence | 'new') => {
    setEditing(licence);
    form.setFieldsValue(
      licence === 'new'
        ? { licenceNo: '', buildingNames: '', scope: '', issueDate: dayjs() }
        : { ...licence, scope: licence.scope ?? '', issueDate: dayjs(licence.issueDate) },
    );
  };

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || editing === null) return;
    const body: AdminLicenceSave = {
      licenceNo: values.licenceNo.trim(),
      buildingNames: values.buildingNames.trim(),
      scope: values.scope?.trim() || null,
      issueDate: values.issueDate.format('YYYY-MM-DD'),
    };
    const saved = await save
      .mutateAsync({ licenceId: editing === 'new' ? undefined : editing.id, body })
      .catch(() => null);
    if (saved) setEditing(null);
  };

  return (
    <>
      <Button type="primary" onClick={() => open('new')} style={{ marginBottom: 12 }}>
        新增预售许可证
      </Button>
      <Table<Licence>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={project.licences}
        locale={{ emptyText: '暂无预售许可证' }}
        columns={[
          { title: '预售许可证号', dataIndex: 'licenceNo' },
          { title: '楼栋', dataIndex: 'buildingNames' },
          { title: '发证日期', dataIndex: 'issueDate', width: 120 },
          { title: '预售范围', dataIndex: 'scope', ellipsis: true },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, licence) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(licence)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`确定删除预售许可证 ${licence.licenceNo}？`}
                  description="删除后前台楼盘页面不再显示该许可证"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(licence.id).catch(() => null)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? '新增预售许可证' : '编辑预售许可证'}
        open={editing !== null}
        onOk={() => void handleOk()}
        onCancel={() => setEditing(null)}
        confirmLoading={save.isPending}
        okText="保存"
        destroyOnHidden
        forceRender
      >
        <Form<FormValues> form={form} layout="vertical">
          <Form.Item name="licenceNo" label="预售许可证号" rules={rulesOf('licenceNo')}>
            <Input maxLength={maxOf('licenceNo')} />
          </Form.Item>
          <Form.Item name="buildingNames" label="楼栋" rules={rulesOf('buildingNames')}>
            <Input maxLength={maxOf('buildingNames')} placeholder="如：1#、2#楼" />
          </Form.Item>
          <Form.Item
            name="issueDate"
            label="发证日期"
            rules={[{ required: true, message: '请选择日期' }]}
          >
            <DatePicker />
          </Form.Item>
          <Form.Item name="scope" label="预售范围" rules={rulesOf('scope')}>
            <Input.TextArea maxLength={maxOf('scope')} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
