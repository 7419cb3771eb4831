import type { VerificationResult } from '@portal/shared/schemas/listings';
import { App, Button, Form, Steps } from 'antd';
import { useState } from 'react';
import { useSaveListing } from '../api/publish';
import { useVerifiedArea } from '../hooks/use-verified-area';
import { type ListingFormValues, toListingPayload } from '../lib/listing-form';
import { ListingInfoFields } from './listing-info-fields';
import { MaterialsFields } from './materials-fields';
import { PublishSuccess } from './publish-success';
import styles from './publish.module.css';
import { VerificationStep } from './verification-step';

const STEPS = ['房源核验', '填写信息', '认证材料', '完善审核信息'];

/**
 * The four-step /addhouse wizard (spec 2 §4): verification → information (the check id kept) →
 * certification materials → success, with the 提交成功 toast of spec 2 §8. Changing the type
 * resets the form except the check id.
 */
export function PublishWizard({ initialType }: { initialType: 1 | 2 }) {
  const [form] = Form.useForm<ListingFormValues>();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [verification, setVerification] = useState<VerificationResult | null>(null);
  const save = useSaveListing();
  const type = (Form.useWatch('type', form) ?? initialType) as 1 | 2;
  const isFormShown = step === 1 || step === 2;
  useVerifiedArea(form, verification, isFormShown);

  const handleVerified = (result: VerificationResult) => {
    setVerification(result);
    setStep(1);
  };

  const handleValuesChange = (changed: Partial<ListingFormValues>) => {
    if (changed.type === undefined || !verification) return;
    form.resetFields();
    form.setFieldsValue({ type: changed.type, areaCode: verification.areaCode });
  };

  const handleNext = async () => {
    try {
      await form.validateFields();
      setStep(2);
      window.scrollTo({ top: 0 });
    } catch {
      // The form shows the messages.
    }
  };

  const handleSubmit = async () => {
    if (!verification) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ListingFormValues;
    await save.mutateAsync({ form: toListingPayload(values, verification.id) });
    message.success('提交成功');
    setStep(3);
  };

  return (
    <div className={styles.wizard}>
      <Steps current={step} items={STEPS.map((title) => ({ title }))} className={styles.steps} />
      {step === 0 && <VerificationStep onContinue={handleVerified} />}
      {isFormShown && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 4 }}
          wrapperCol={{ span: 16 }}
          initialValues={{ type: initialType, areaCode: verification?.areaCode }}
          onValuesChange={handleValuesChange}
          className={styles.step}
        >
          {step === 1 ? (
            <>
              <ListingInfoFields type={type} isTypeLocked={false} />
              <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
                <Button onClick={() => setStep(0)}>上一步</Button>{' '}
                <Button type="primary" onClick={() => void handleNext()}>
                  下一步
                </Button>
              </Form.Item>
            </>
          ) : (
            <>
              <MaterialsFields needsLicense={verification?.needsLicense ?? false} />
              <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
                <Button onClick={() => setStep(1)}>上一步</Button>{' '}
                <Button
                  type="primary"
                  loading={save.isPending}
                  onClick={() => void handleSubmit().catch(() => undefined)}
                >
                  提交
                </Button>
              </Form.Item>
            </>
          )}
        </Form>
      )}
      {step === 3 && <PublishSuccess />}
    </div>
  );
}
