import type { ListingDraft, VerificationResult } from '@portal/shared/schemas/listings';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Spin, Steps } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect, useRef, useState } from 'react';
import { useFixedBottomBar } from '../../../components/use-fixed-bottom-bar';
import { useIsPhone } from '../../../lib/use-media-query';
import { deleteListingDraft, fetchListingDraft } from '../api/listing-draft';
import { useSaveListing } from '../api/publish';
import { useDictionary } from '../api/reference-data';
import {
  type DraftReader,
  type DraftSaver,
  type DraftSaveState,
  useDraftSaver,
  useDraftSaveState,
} from '../hooks/use-draft-saver';
import { useVerifiedArea } from '../hooks/use-verified-area';
import {
  elevatorFor,
  fromDraft,
  fromRegister,
  startingValues,
  suggestedTitle,
  toDraftBody,
} from '../lib/listing-draft';
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

const SAVE_TEXT: Record<DraftSaveState, string> = {
  idle: '',
  saving: '正在保存草稿…',
  saved: '草稿已自动保存，换设备登录也能继续填写',
  failed: '草稿暂未保存，请检查网络，填写内容仍在本页',
};

/** Under the step bar: the draft restored (with 清空重填), being saved, saved or not saved. */
function DraftNote(props: { saver: DraftSaver; isRestored: boolean; onStartOver: () => void }) {
  const state = useDraftSaveState(props.saver);
  return (
    <p className={styles.draftNote} role="status">
      {props.isRestored && state === 'idle' ? '已恢复您上次填写的内容' : SAVE_TEXT[state]}
      {props.isRestored && (
        <Button type="link" size="small" onClick={props.onStartOver}>
          清空重填
        </Button>
      )}
    </p>
  );
}

/**
 * /addhouse: reads the citizen's draft of the type first (docs/decisions/0055-forgiving-listing-drafts.md),
 * then the wizard continues where it was left.
 */
export function PublishWizard({ initialType }: { initialType: 1 | 2 }) {
  const draft = useQuery({
    queryKey: ['listings', 'draft', initialType],
    queryFn: () => fetchListingDraft(initialType),
    gcTime: 0,
    retry: false,
  });
  if (draft.isPending) return <Spin style={{ display: 'block', padding: 80 }} />;
  // Without its draft (the call failed) the wizard still works, from an empty form.
  return <Wizard initialType={initialType} draft={draft.data ?? null} />;
}

/**
 * The four-step wizard (docs/product/listings.md): verification → information (the check id
 * kept) → certification materials → success, with the 提交成功 toast. A passed check goes on by
 * itself and fills in what the ownership register knows; the form is saved as a draft as it is
 * typed and restored (with its photos and step) after a reload or on another device. Changing
 * the type resets the form except the check id.
 */
function Wizard({ initialType, draft }: { initialType: 1 | 2; draft: ListingDraft | null }) {
  const [form] = Form.useForm<ListingFormValues>();
  const { message } = useApp();
  const houseTypes = useDictionary('properties');
  const [verification, setVerification] = useState<VerificationResult | null>(
    draft?.verification ?? null,
  );
  const [step, setStep] = useState(draft?.verification ? 1 : 0);
  const [isRestored, setRestored] = useState(draft !== null && draft.verification !== null);
  // Each step starts at the top of the screen, its first field and the step bar in view.
  const goTo = (next: number) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const save = useSaveListing();
  const type = (Form.useWatch('type', form) ?? initialType) as 1 | 2;
  const isFormShown = step === 1 || step === 2;
  const isPhone = useIsPhone();
  useFixedBottomBar(PHONE_BUTTON_BAR_PX, isPhone && isFormShown);
  useVerifiedArea(form, verification, isFormShown);

  const saver = useDraftSaver();
  /** The draft as the form stands when the save goes, for the verification `check`. */
  const readDraft =
    (check: VerificationResult | null): DraftReader =>
    () => {
      if (!check) return null;
      const values = form.getFieldsValue(true) as Partial<ListingFormValues>;
      return { type: values.type ?? initialType, body: toDraftBody(values, check.id) };
    };

  /** The title, while it is still the suggested one (or empty), follows what is entered. */
  const suggestion = useRef<string | undefined>(undefined);
  const followSuggestions = (changed: Partial<ListingFormValues>) => {
    const values = form.getFieldsValue(true) as Partial<ListingFormValues>;
    if (changed.totalFloor !== undefined && !form.isFieldTouched('elevator')) {
      const elevator = elevatorFor(changed.totalFloor);
      if (elevator) form.setFieldsValue({ elevator });
    }
    const title = values.title ?? '';
    if (title === '' || title === suggestion.current) {
      const next = suggestedTitle(values);
      if (next && next !== title) form.setFieldsValue({ title: next });
      suggestion.current = next;
    }
  };

  // A check that passed fills the fields the register knows and still empty, then is saved.
  const pendingRegister = useRef<VerificationResult | null>(null);
  useEffect(() => {
    const result = pendingRegister.current;
    if (!isFormShown || !result) return;
    pendingRegister.current = null;
    const current = form.getFieldsValue(true) as Partial<ListingFormValues>;
    const known = fromRegister(result, houseTypes.data ?? []);
    const empty = Object.fromEntries(
      Object.entries(known).filter(
        ([field, value]) =>
          value !== undefined && (current[field as keyof ListingFormValues] ?? '') === '',
      ),
    );
    form.setFieldsValue(empty);
    followSuggestions(empty);
    void saver.run(readDraft(result));
    // followSuggestions and saver read the form when called; the step change is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isFormShown, verification]);

  const handleVerified = (result: VerificationResult) => {
    pendingRegister.current = result;
    setVerification(result);
    goTo(1);
  };

  const handleValuesChange = (changed: Partial<ListingFormValues>) => {
    if (changed.type !== undefined && verification) {
      // Nothing of the other type's form stays (nor of a draft it was restored from).
      const cleared = Object.fromEntries(
        Object.keys(form.getFieldsValue(true) as object).map((field) => [field, undefined]),
      );
      form.setFieldsValue({
        ...cleared,
        ...startingValues(changed.type),
        areaCode: verification.areaCode,
      });
      suggestion.current = undefined;
    } else followSuggestions(changed);
    saver.schedule(readDraft(verification));
  };

  const startOver = async () => {
    saver.stop();
    await deleteListingDraft(type).catch(() => undefined);
    window.location.assign(window.location.pathname + window.location.search);
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
    // No draft save may follow the listing it became (the server deletes the draft).
    saver.stop();
    try {
      const saved = await save.mutateAsync({ form: toListingPayload(values, verification.id) });
      setPublished({ id: saved.id, type: values.type });
    } catch (error) {
      saver.restart();
      throw error;
    }
    message.success('提交成功');
    goTo(3);
  };
  const [published, setPublished] = useState<{ id: number; type: number } | null>(null);

  const initialValues: Partial<ListingFormValues> = {
    ...startingValues(initialType),
    ...(draft ? fromDraft(draft) : {}),
    areaCode: verification?.areaCode,
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
      {isFormShown && (
        <DraftNote saver={saver} isRestored={isRestored} onStartOver={() => void startOver()} />
      )}
      {step === 0 && <VerificationStep onContinue={handleVerified} continueOnPass />}
      {isFormShown && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={LABEL_COL}
          wrapperCol={WRAPPER_COL}
          initialValues={initialValues}
          onValuesChange={handleValuesChange}
          className={styles.step}
        >
          {step === 1 ? (
            <>
              <ListingInfoFields type={type} isTypeLocked={false} />
              <Form.Item wrapperCol={BUTTONS_COL} className={styles.actions}>
                <Button
                  onClick={() => {
                    setRestored(false);
                    goTo(0);
                  }}
                >
                  上一步
                </Button>{' '}
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
      {step === 3 && <PublishSuccess listing={published} />}
    </div>
  );
}
