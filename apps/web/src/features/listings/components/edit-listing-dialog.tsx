import type { ListingEdit, VerificationResult } from '@portal/shared/schemas/listings';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, Spin, Steps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { fetchListingForEdit } from '../api/my-listings';
import { useSaveListing } from '../api/publish';
import { useVerifiedArea } from '../hooks/use-verified-area';
import { fromListingEdit, type ListingFormValues, toListingPayload } from '../lib/listing-form';
import { ListingInfoFields } from './listing-info-fields';
import { MaterialsFields } from './materials-fields';
import styles from './publish.module.css';
import { VerificationStep } from './verification-step';

function EditForm({ edit, onDone }: { edit: ListingEdit; onDone: () => void }) {
  const { message } = useApp();
  const [form] = Form.useForm<ListingFormValues>();
  const [step, setStep] = useState(0);
  const [verification, setVerification] = useState<VerificationResult | null>(edit.verification);
  const save = useSaveListing();
  const initial = fromListingEdit(edit);
  useVerifiedArea(form, verification, step === 1);

  const handleSave = async () => {
    if (!verification) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as ListingFormValues;
    await save.mutateAsync({ id: edit.id, form: toListingPayload(values, verification.id) });
    message.success('保存成功');
    onDone();
  };

  return (
    <>
      <Steps
        current={step}
        items={[{ title: '房源核验' }, { title: '填写信息' }]}
        className={styles.steps}
      />
      {step === 0 ? (
        <VerificationStep
          initial={verification}
          onContinue={(result) => {
            setVerification(result);
            setStep(1);
          }}
        />
      ) : (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 17 }}
          initialValues={initial}
        >
          <ListingInfoFields type={initial.type} isTypeLocked />
          <MaterialsFields needsLicense={verification?.needsLicense ?? false} listingId={edit.id} />
          <Form.Item wrapperCol={{ offset: 5, span: 17 }}>
            <Button onClick={() => setStep(0)}>上一步</Button>{' '}
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => void handleSave().catch(() => undefined)}
            >
              保存
            </Button>
          </Form.Item>
        </Form>
      )}
    </>
  );
}

/** The two-step edit dialog of /mySecondHandHouse (verification, then fill-in and upload). */
export function EditListingDialog({
  listingId,
  onClose,
}: {
  listingId: number | null;
  onClose: () => void;
}) {
  const edit = useQuery({
    queryKey: ['listings', 'mine', 'edit', listingId],
    queryFn: () => fetchListingForEdit(listingId ?? 0),
    enabled: listingId !== null,
    // Each opening reads the listing again: its certification photos get fresh signed links.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  return (
    <Modal
      open={listingId !== null}
      title="编辑房源"
      width={960}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {edit.data ? <EditForm key={edit.data.id} edit={edit.data} onDone={onClose} /> : <Spin />}
    </Modal>
  );
}
