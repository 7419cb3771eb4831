import { type GroupBuySignup, groupBuySignupSchema } from '@portal/shared/schemas/projects';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { useGroupBuySignup } from '../api/group-buy';

/** The success message appears about 0.9 s after a valid submit (docs/product/new-build.md). */
export const GROUP_BUY_SUCCESS_DELAY_MS = 900;

/** The sign-up's fields as the server checks them (docs/decisions/0047-layers-and-one-validation-path.md). */
const FIELD = groupBuySignupSchema.shape;
const rulesOf = (name: keyof GroupBuySignup) => zodFieldRules(FIELD[name]);
const maxOf = (name: keyof GroupBuySignup) => zodFieldBounds(FIELD[name]).max;

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
      <Form.Item label="姓名" name="username" rules={rulesOf('username')}>
        <Input maxLength={maxOf('username')} placeholder="请输入姓名" />
      </Form.Item>
      <Form.Item label="联系电话" name="tel" rules={rulesOf('tel')}>
        <Input maxLength={11} placeholder="请输入联系电话" />
      </Form.Item>
      <Form.Item label="楼栋" name="dong" rules={rulesOf('dong')}>
        <Input maxLength={maxOf('dong')} placeholder="选填" />
      </Form.Item>
      <Form.Item label="单元" name="danyuan" rules={rulesOf('danyuan')}>
        <Input maxLength={maxOf('danyuan')} placeholder="选填" />
      </Form.Item>
      <Form.Item label="户号" name="huhao" rules={rulesOf('huhao')}>
        <Input maxLength={maxOf('huhao')} placeholder="选填" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        提交报名
      </Button>
    </Form>
  );
}
