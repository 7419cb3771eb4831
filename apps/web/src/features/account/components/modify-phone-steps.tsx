import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { paths } from '../../../config/paths';
import { CODE_RULES, digitsOnly, phoneRules } from '../../../lib/form-rules';
import { useIsPhone } from '../../../lib/use-media-query';
import { changePhone, verifyOldPhone } from '../api/security';
import styles from './account.module.css';

interface Values {
  phone: string;
  code: string;
}

interface PhoneStepProps {
  initialPhone: string;
  isPhoneLocked: boolean;
  purpose: 'VALIDATE_PHONE' | 'CHANGE_PHONE';
  submitLabel: string;
  onSubmit: (values: Values) => Promise<unknown>;
  onDone: () => void;
}

function PhoneStep({
  initialPhone,
  isPhoneLocked,
  purpose,
  submitLabel,
  onSubmit,
  onDone,
}: PhoneStepProps) {
  const [form] = Form.useForm<Values>();
  const [isBusy, setIsBusy] = useState(false);
  const handleFinish = async (values: Values) => {
    setIsBusy(true);
    try {
      await onSubmit(values);
      onDone();
    } catch {
      setIsBusy(false);
    }
  };
  return (
    <Form
      form={form}
      className={styles.narrowForm}
      layout="vertical"
      validateTrigger={['onBlur', 'onSubmit']}
      initialValues={{ phone: initialPhone, code: '' }}
      onFinish={handleFinish}
      requiredMark={false}
    >
      <Form.Item
        label={isPhoneLocked ? '原手机号' : '新手机号'}
        name="phone"
        rules={phoneRules('请输入手机号码', '手机号码格式错误')}
        getValueFromEvent={digitsOnly(11)}
      >
        <Input maxLength={11} placeholder="请输入手机号码" disabled={isPhoneLocked} />
      </Form.Item>
      <Form.Item label="验证码" htmlFor={`${purpose}-code`} required>
        <div className={styles.codeRow}>
          <Form.Item name="code" rules={CODE_RULES} getValueFromEvent={digitsOnly(6)} noStyle>
            <Input id={`${purpose}-code`} maxLength={6} placeholder="请输入验证码" />
          </Form.Item>
          <SmsCodeButton form={form} phoneField="phone" purpose={purpose} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isBusy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** /modifyPhone: 验证原手机号 → 绑定新手机号 → 完成 (docs/product/accounts.md). */
export function ModifyPhoneSteps({ phone }: { phone: string }) {
  const [step, setStep] = useState(0);
  const queryClient = useQueryClient();
  const isPhone = useIsPhone();
  return (
    <>
      <Steps
        current={step}
        // A phone keeps the three steps on one line, each title under its dot.
        responsive={false}
        size={isPhone ? 'small' : undefined}
        titlePlacement={isPhone ? 'vertical' : 'horizontal'}
        style={{ marginBottom: 32 }}
        items={[{ title: '验证原手机号' }, { title: '绑定新手机号' }, { title: '完成' }]}
      />
      {step === 0 && (
        <PhoneStep
          initialPhone={phone}
          isPhoneLocked
          purpose="VALIDATE_PHONE"
          submitLabel="下一步"
          onSubmit={verifyOldPhone}
          onDone={() => setStep(1)}
        />
      )}
      {step === 1 && (
        <PhoneStep
          initialPhone=""
          isPhoneLocked={false}
          purpose="CHANGE_PHONE"
          submitLabel="确认绑定"
          onSubmit={changePhone}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <Result
          status="success"
          title="手机号修改成功"
          subTitle="请使用新手机号登录"
          extra={<Link to={paths.securitySetting.getHref()}>返回安全设置</Link>}
        />
      )}
    </>
  );
}
