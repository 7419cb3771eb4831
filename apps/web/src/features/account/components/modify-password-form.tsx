import { Button, Form, Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useNavigate } from 'react-router';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { paths } from '../../../config/paths';
import {
  CODE_RULES,
  digitsOnly,
  NEW_PASSWORD_RULES,
  phoneRules,
  withoutChinese,
} from '../../../lib/form-rules';
import { changePassword } from '../api/security';
import styles from './account.module.css';

interface Values {
  phone: string;
  code: string;
  newPwd: string;
}

/**
 * /modifyPassword: the account's phone, its CHANGE_PWD code and the new password (docs/product/accounts.md).
 * The server signs out every other device.
 */
export function ModifyPasswordForm({ phone }: { phone: string }) {
  const [form] = Form.useForm<Values>();
  const { message } = useApp();
  const navigate = useNavigate();

  const handleFinish = async (values: Values) => {
    try {
      await changePassword(values);
    } catch {
      return;
    }
    message.success('密码修改成功，其他设备上的登录已失效');
    navigate(paths.securitySetting.getHref());
  };

  return (
    <Form
      form={form}
      className={styles.narrowForm}
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      initialValues={{ phone, code: '', newPwd: '' }}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <Form.Item
        label="手机号"
        name="phone"
        rules={phoneRules('请输入手机号码', '手机号码格式错误')}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input maxLength={11} placeholder="请输入手机号码" />
      </Form.Item>
      <Form.Item label="验证码" htmlFor="modify-password-code" required>
        <div className={styles.codeRow}>
          <Form.Item name="code" rules={CODE_RULES} getValueFromEvent={digitsOnly(6)} noStyle>
            <Input id="modify-password-code" maxLength={6} placeholder="请输入验证码" />
          </Form.Item>
          <SmsCodeButton form={form} phoneField="phone" purpose="CHANGE_PWD" />
        </div>
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPwd"
        rules={NEW_PASSWORD_RULES}
        getValueFromEvent={withoutChinese}
      >
        <Input.Password maxLength={20} placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        确认修改
      </Button>
    </Form>
  );
}
