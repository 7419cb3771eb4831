import { Button, Form, Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { NEW_PASSWORD_RULES, withoutChinese } from '../../../lib/form-rules';
import { resetForgottenPassword } from '../api/register';
import styles from './auth-forms.module.css';
import { PhoneCodeFields } from './phone-code-fields';

interface Values {
  phone: string;
  code: string;
  newPwd: string;
  /** Typed twice so a slip of the finger does not lock the owner out; never sent. */
  confirmPwd: string;
}

/**
 * /forgetPassword: phone, SMS code and the new password typed twice, under the one password rule
 * of registration; on success back to /login.
 */
export function ForgetPasswordForm() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = useApp();
  const [isBusy, setIsBusy] = useState(false);

  const handleFinish = async (values: Values) => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const { phone, code, newPwd } = values;
      await resetForgottenPassword({ phone, code, newPwd });
      message.success('密码已重置，请使用新密码登录');
      navigate(paths.login.getHref({}), { replace: true });
    } catch {
      setIsBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="forget-password"
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <PhoneCodeFields
        form={form}
        purpose="FORGET_PWD"
        phonePrompt="请输入手机号码"
        phoneInvalid="请输入正确的手机号"
      />
      <Form.Item name="newPwd" rules={NEW_PASSWORD_RULES} getValueFromEvent={withoutChinese}>
        <Input.Password
          size="large"
          aria-label="新密码"
          placeholder="请输入新密码"
          maxLength={20}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPwd"
        dependencies={['newPwd']}
        getValueFromEvent={withoutChinese}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPwd')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password
          size="large"
          placeholder="请再次输入新密码"
          maxLength={20}
          autoComplete="new-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={isBusy}>
        确认修改
      </Button>
      <div className={styles.links}>
        <span />
        <Link to={paths.login.getHref({})}>返回登录</Link>
      </div>
    </Form>
  );
}
