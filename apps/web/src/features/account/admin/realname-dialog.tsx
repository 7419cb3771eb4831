import {
  type AdminRealname,
  type AdminUserRow,
  adminRealnameSchema,
} from '@portal/shared/schemas/users/admin';
import { isValidIdCard } from '@portal/shared/validators';
import { Form, Input, Modal } from 'antd';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useUserAction } from './api';

const NAME = adminRealnameSchema.shape.realName;
const NAME_RULES = zodFieldRules(NAME);
const NAME_MAX = zodFieldBounds(NAME).max;

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
        <Form.Item name="realName" label="真实姓名" rules={NAME_RULES}>
          <Input maxLength={NAME_MAX} />
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
