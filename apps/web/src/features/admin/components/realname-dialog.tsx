import type { AdminRealname, AdminUserRow } from '@portal/shared/schemas/admin-users';
import { isValidIdCard } from '@portal/shared/validators';
import { Form, Input, Modal } from 'antd';
import { useUserAction } from '../api/users';

/** Marks a user real-name verified with a name and a GB 11643 ID number. */
export function RealnameDialog({
  user,
  onClose,
}: {
  user: AdminUserRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AdminRealname>();
  const action = useUserAction();

  const handleOk = async () => {
    if (!user) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const done = await action
      .mutateAsync({
        kind: 'realname',
        id: user.id,
        body: { realName: values.realName.trim(), idCard: values.idCard.trim().toUpperCase() },
      })
      .then(() => true)
      .catch(() => false);
    if (done) onClose();
  };

  return (
    <Modal
      title={`实名认证：${user?.phone ?? ''}`}
      open={user !== null}
      onOk={() => void handleOk()}
      onCancel={onClose}
      okText="确认认证"
      confirmLoading={action.isPending}
      destroyOnHidden
    >
      <Form<AdminRealname> form={form} layout="vertical">
        <Form.Item
          name="realName"
          label="真实姓名"
          rules={[
            { required: true, whitespace: true, message: '请输入真实姓名' },
            { pattern: /^[\u4e00-\u9fa5·]{2,30}$/, message: '姓名只能包含汉字' },
          ]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label="身份证号码"
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && isValidIdCard(value.trim().toUpperCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error('身份证号码格式不正确')),
            },
          ]}
        >
          <Input maxLength={18} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
