import type { VerificationResult } from '@portal/shared/schemas/listings';
import { App, Button, Form, Steps } from 'antd';
import { useState } from 'react';
import { useFixedBottomBar } from '../../../components/use-fixed-bottom-bar';
import { useIsPhone } from '../../../lib/use-media-query';
import { useSaveListing } from '../api/publish';
import { useVerifiedArea } from '../hooks/use-verified-area';
import { type ListingFormValues, toListingPayload } from '../lib/listing-form';
import { ListingInfoFields } from './listing-info-fields';
import { MaterialsFields } from './materials-fields';
import { PublishSuccess } from './publish-success';
import styles from './publish.module.css';
import { VerificationStep } from './verification-step';

const STEPS = ['房源核验', '填写信息', '认证材料', '完善审核信息'];

/** Height (px) of the 上一步/下一步 bar held at the bottom of a phone's screen. */
const PHONE_BUTTON_BAR_PX = 66;

/** Labels above the fields on a phone, beside them (as before) from 576 px. */
const LABEL_COL = { xs: { span: 24 }, sm: { span: 4 } };
const WRAPPER_COL = { xs: { span: 24 }, sm: { span: 16 } };
const BUTTONS_COL = { xs: { span: 24 }, sm: { offset: 4, span: 16 } };

/**
 * The four-step /addhouse wizard (docs/product/listings.md): verification → information (the check id kept) →
 * certification materials → success, with the 提交成功 toast. Changing the type
 * resets the form except the check id.
 */
export function PublishWizard({ initialType }: { initialType: 1 | 2 }) {
  const [form] = Form.useForm<ListingFormValues>();
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  // Each step starts at the top of the screen, its first field and the step bar in view.
  const goTo = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const [verification, setVerification] = useState<VerificationResult | null>(null);
  const save = useSaveListing();
  const type = (Form.useWatch('type', form) ?? initialType) as 1 | 2;
  const isFormShown = step === 1 || step === 2;
  const isPhone = useIsPhone();
  useFixedBottomBar(PHONE_BUTTON_BAR_PX, isPhone && isFormShown);
  useVerifiedArea(form, verification, isFormShown);

  const handleVerified = (result: VerificationResult) => {
    setVerification(result);
    goTo(1);
  };

  const handleValuesChange = (changed: Partial<ListingFormValues>) => {
    if (changed.type === undefined || !verification) return;
    form.resetFields();
    form.setFieldsValue({ type: changed.type, areaCode: verification.areaCode });
  };

  const handleNext = async () => {
    try {
      await form.validateFields();
      goTo(2);
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
    goTo(3);
  };

  return (
    <div className={styles.wizard}>
      <Steps
        current={step}
        items={STEPS.map((title) => ({ title }))}
        className={styles.steps}
        // A phone keeps the four steps on one line, each title under its dot.
        responsive={false}
        size={isPhone ? 'small' : undefined}
        titlePlacement={isPhone ? 'vertical' : 'horizontal'}
      />
      {step === 0 && <VerificationStep onContinue={handleVerified} />}
      {isFormShown && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={LABEL_COL}
          wrapperCol={WRAPPER_COL}
          initialValues={{ type: initialType, areaCode: verification?.areaCode }}
          onValuesChange={handleValuesChange}
          className={styles.step}
        >
          {step === 1 ? (
            <>
              <ListingInfoFields type={type} isTypeLocked={false} />
              <Form.Item wrapperCol={BUTTONS_COL} className={styles.actions}>
                <Button onClick={() => goTo(0)}>上一步</Button>{' '}
                <Button type="primary" onClick={() => void handleNext()}>
                  下一步
                </Button>
              </Form.Item>
            </>
          ) : (
            <>
              <MaterialsFields needsLicense={verification?.needsLicense ?? false} />
              <Form.Item wrapperCol={BUTTONS_COL} className={styles.actions}>
                <Button onClick={() => goTo(1)}>上一步</Button>{' '}
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
