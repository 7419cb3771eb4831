import type { GroupBuySignup } from '@portal/shared/schemas/projects';
import { PHONE_PATTERN } from '@portal/shared/validators';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useGroupBuySignup } from '../api/group-buy';

/** The success message appears about 0.9 s after a valid submit (docs/product/new-build.md). */
export const GROUP_BUY_SUCCESS_DELAY_MS = 900;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Group-buy sign-up form (docs/product/new-build.md): name and phone required, building/unit/door optional. */
export function GroupBuyForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const [form] = Form.useForm<GroupBuySignup>();
  const signup = useGroupBuySignup(projectId);
  const [isSubmitting, setSubmitting] = useState(false);

  const handleFinish = async (values: GroupBuySignup) => {
    setSubmitting(true);
    try {
      await Promise.all([signup.mutateAsync(values), wait(GROUP_BUY_SUCCESS_DELAY_MS)]);
      notifySuccess('提交成功！');
      form.resetFields();
      onDone();
    } catch {
      // The api client already showed the server message as an error toast.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark>
      <Form.Item
        label="姓名"
        name="username"
        rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}
      >
        <Input maxLength={20} placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item
        label="联系电话"
        name="tel"
        rules={[
          { required: true, message: '请输入联系电话' },
          { pattern: PHONE_PATTERN, message: '手机号码格式错误' },
        ]}
      >
        <Input maxLength={11} placeholder="请输入联系电话" />
      </Form.Item>
      <Form.Item label="楼栋" name="dong">
        <Input maxLength={10} placeholder="选填" />
      </Form.Item>
      <Form.Item label="单元" name="danyuan">
        <Input maxLength={10} placeholder="选填" />
      </Form.Item>
      <Form.Item label="户号" name="huhao">
        <Input maxLength={10} placeholder="选填" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        提交报名
      </Button>
    </Form>
  );
}
