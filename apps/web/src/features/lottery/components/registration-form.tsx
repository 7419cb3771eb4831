import {
  LOTTERY_PROOF_MESSAGES,
  LOTTERY_RELATION_LABEL,
  type LotteryBatch,
  missingLotteryProofs,
  requiredLotteryProofs,
} from '@portal/shared/schemas/lottery';
import { isValidIdCard } from '@portal/shared/validators';
import { Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveRegistration } from '../api/lottery-api';
import styles from './lottery.module.css';
import { type ProofItem, ProofUploads } from './proof-uploads';

interface Values {
  homeless: boolean;
  localHukou: boolean;
  socialInsuranceMonths: number;
  memberConsent: boolean;
  members: Array<{ relation: 'spouse' | 'child'; name: string; idCard: string }>;
  proofs: ProofItem[];
}

/** The declarations as the proof rule reads them, from the form's current (partial) values. */
function declarationsOf(values: Partial<Values>) {
  return {
    localHukou: values.localHukou ?? false,
    socialInsuranceMonths: values.socialInsuranceMonths ?? 0,
    homeless: values.homeless ?? false,
    members: (values.members ?? []).filter((m) => m?.relation),
  };
}

export interface RegistrationFormProps {
  batch: LotteryBatch;
  onSaved: () => void;
  /** An edit: the registration as it stands (ID numbers of members are entered again). */
  initial?: Partial<Values>;
}

/**
 * 意向登记 (docs/product/lottery.md), laid out for a phone: the applicant is the signed-in,
 * real-name verified account; spouse and minor children are added below, with their own consent.
 * The 证明材料 the declarations need (requiredLotteryProofs, the rule the server applies) are
 * asked for below them, one upload control per kind.
 */
export function RegistrationForm({ batch, onSaved, initial }: RegistrationFormProps) {
  const [form] = Form.useForm<Values>();
  const save = useSaveRegistration(batch.id);
  const members = Form.useWatch('members', form) ?? [];
  const localHukou = Form.useWatch('localHukou', form);
  const socialInsuranceMonths = Form.useWatch('socialInsuranceMonths', form);
  const homeless = Form.useWatch('homeless', form);
  const kinds = requiredLotteryProofs(
    declarationsOf({ localHukou, socialInsuranceMonths, homeless, members }),
  );

  const handleFinish = (values: Values) => {
    const needed = requiredLotteryProofs(declarationsOf(values));
    save.mutate(
      {
        ...values,
        members: values.members ?? [],
        note: '',
        proofs: (values.proofs ?? [])
          .filter((proof) => needed.includes(proof.kind))
          .map((proof) => ({ kind: proof.kind, path: proof.path })),
      },
      {
        onSuccess: (saved) => {
          notifySuccess(`意向登记已${initial ? '修改' : '提交'}，登记号 ${saved.regNo}`);
          onSaved();
        },
        onError: (error) => notifyError(error.message),
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={handleFinish}
      initialValues={{
        homeless: false,
        localHukou: true,
        socialInsuranceMonths: 0,
        memberConsent: false,
        members: [],
        proofs: [],
        ...initial,
      }}
    >
      <Form.Item name="localHukou" valuePropName="checked">
        <Checkbox>本人为秦皇岛市户籍</Checkbox>
      </Form.Item>
      <Form.Item
        name="socialInsuranceMonths"
        label={`本地连续缴纳社保月数（非本市户籍须满 ${batch.rules.localHukouOrInsuranceMonths} 个月）`}
      >
        <InputNumber min={0} max={600} inputMode="numeric" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="homeless" valuePropName="checked">
        <Checkbox>本家庭在本市无住房（无房家庭，参加优先组）</Checkbox>
      </Form.Item>
      <Form.List name="members">
        {(fields, { add, remove }) => (
          <div className={styles.stack}>
            {fields.map((field) => (
              <Space
                key={field.key}
                direction="vertical"
                className={styles.card}
                style={{ width: '100%' }}
              >
                <Form.Item
                  name={[field.name, 'relation']}
                  label="关系"
                  rules={[{ required: true, message: '请选择关系' }]}
                >
                  <Select
                    options={Object.entries(LOTTERY_RELATION_LABEL).map(([value, label]) => ({
                      value,
                      label,
                    }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  label="姓名"
                  rules={[{ required: true, message: '请填写姓名' }]}
                >
                  <Input maxLength={20} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'idCard']}
                  label="身份证号"
                  rules={[
                    {
                      validator: (_rule, value: string | undefined) =>
                        value && isValidIdCard(value.trim().toUpperCase())
                          ? Promise.resolve()
                          : Promise.reject(new Error('身份证号码格式不正确')),
                    },
                  ]}
                >
                  <Input maxLength={18} autoComplete="off" />
                </Form.Item>
                <Button danger onClick={() => remove(field.name)} className={styles.wideButton}>
                  删除该成员
                </Button>
              </Space>
            ))}
            <Button onClick={() => add({ relation: 'spouse' })} className={styles.wideButton} block>
              添加家庭成员（配偶、未成年子女）
            </Button>
          </div>
        )}
      </Form.List>
      {members.length > 0 && (
        <Form.Item
          name="memberConsent"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value: boolean) =>
                value
                  ? Promise.resolve()
                  : Promise.reject(new Error('请同意家庭成员身份信息的处理')),
            },
          ]}
        >
          <Checkbox>我已取得家庭成员同意，授权平台为资格审核处理其姓名与身份证号</Checkbox>
        </Form.Item>
      )}
      <Form.Item
        name="proofs"
        label="证明材料"
        rules={[
          {
            validator: (_rule, value: ProofItem[] | undefined) => {
              const missing = missingLotteryProofs(
                declarationsOf(form.getFieldsValue(true) as Partial<Values>),
                value ?? [],
              );
              return missing.length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(LOTTERY_PROOF_MESSAGES.missing(missing)));
            },
          },
        ]}
      >
        <ProofUploads kinds={kinds} />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={save.isPending}
        className={styles.wideButton}
      >
        {initial ? '保存修改' : '提交意向登记'}
      </Button>
    </Form>
  );
}
