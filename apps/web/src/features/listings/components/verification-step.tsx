import {
  PROPERTY_CERTIFICATE_PATTERN,
  verificationFormSchema,
} from '@portal/shared/schemas/listing-publish';
import { LISTING_MESSAGES as M, type VerificationResult } from '@portal/shared/schemas/listings';
import { LISTING_CHECK_STATUS } from '@portal/shared/status';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useState } from 'react';
import { usePrivacyConsent } from '../../../components/legal/privacy-consent';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { verifyHouse } from '../api/publish';
import { useDictionary } from '../api/reference-data';
import styles from './publish.module.css';

/**
 * The two typed parts of a 不动产权证书 number, 冀(年份)不动产权第(编号)号, each required and
 * checked with the shared pattern and message (the refinement's, for this certificate type only).
 */
const CERTIFICATE_PARTS = {
  syear: {
    label: '证书年份',
    placeholder: '年份',
    length: 4,
    width: 90,
    pattern: PROPERTY_CERTIFICATE_PATTERN.syear,
    required: M.syear,
    format: M.syearFormat,
  },
  certificateNum: {
    label: '证书编号',
    placeholder: '7位编号',
    length: 7,
    width: 120,
    pattern: PROPERTY_CERTIFICATE_PATTERN.serial,
    required: M.certificateNum,
    format: M.certificateNumFormat,
  },
} as const;

function CertificatePart({ name }: { name: keyof typeof CERTIFICATE_PARTS }) {
  const part = CERTIFICATE_PARTS[name];
  return (
    <Form.Item
      name={name}
      noStyle
      rules={[
        { required: true, message: part.required },
        { pattern: part.pattern, message: part.format },
      ]}
    >
      <Input
        aria-label={part.label}
        inputMode="numeric"
        placeholder={part.placeholder}
        maxLength={part.length}
        style={{ width: part.width }}
      />
    </Form.Item>
  );
}

interface VerificationValues {
  areaCode: string;
  certificateType: string;
  syear?: string;
  certificateNum: string;
  ownerName: string;
  ownerIdCard: string;
}

/**
 * The fields' own rules from the shared schema; the 不动产权证书 year and serial (certificate type
 * 2 only) with the schema's patterns and messages.
 */
const F = verificationFormSchema.shape;
const RULES = {
  areaCode: zodFieldRules(F.areaCode),
  certificateType: zodFieldRules(F.certificateType),
  certificateNum: zodFieldRules(F.certificateNum),
  ownerName: zodFieldRules(F.ownerName),
  ownerIdCard: zodFieldRules(F.ownerIdCard),
};
const MAX_LENGTH = {
  certificateNum: zodFieldBounds(F.certificateNum).max,
  ownerName: zodFieldBounds(F.ownerName).max,
  ownerIdCard: zodFieldBounds(F.ownerIdCard).max,
};

interface VerificationStepProps {
  /** A verification already passed (edit dialog), offered for continuing. */
  initial?: VerificationResult | null;
  onContinue: (result: VerificationResult) => void;
  /** A passed check goes on to the form at once (the wizard), rather than offering 继续. */
  continueOnPass?: boolean;
}

/**
 * Step 1 房源核验 (docs/product/listings.md): the server checks the certificate against the ownership
 * register; only checkStatus '2' offers 继续 (or, in the wizard, goes on at once). For 不动产权证书 the number is composed from year and
 * serial: 冀(年份)不动产权第编号号.
 */
export function VerificationStep({ initial, onContinue, continueOnPass }: VerificationStepProps) {
  const [form] = Form.useForm<VerificationValues>();
  const areas = useDictionary('area_code');
  const certificateTypes = useDictionary('right_certificate_type');
  const [result, setResult] = useState<VerificationResult | null>(initial ?? null);
  const [isChecking, setChecking] = useState(false);
  const certificateType = Form.useWatch('certificateType', form);
  const consent = usePrivacyConsent('publish');
  const { message } = useApp();

  const handleCheck = async (values: VerificationValues) => {
    setChecking(true);
    try {
      // The separate privacy consent comes first: the owner's ID number is collected here.
      if (!(await consent.ensure())) return;
      const checked = await verifyHouse({
        ...values,
        certificateType: Number(values.certificateType),
      });
      if (continueOnPass && checked.checkStatus === String(LISTING_CHECK_STATUS.PASSED)) {
        message.success(`${checked.checkResult || '核验通过'}，产权人：${checked.ownerName}`);
        onContinue(checked);
        return;
      }
      setResult(checked);
    } catch {
      setResult(null);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className={styles.step}>
      {consent.dialog}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 14 } }}
        initialValues={{ certificateType: '2', areaCode: 'HGQ' }}
        onFinish={(values) => void handleCheck(values)}
        // A result answers the certificate it was asked for: any change hides it until 核验 again.
        onValuesChange={() => setResult(null)}
      >
        <Form.Item label="区域" name="areaCode" rules={RULES.areaCode}>
          <Select
            aria-label="区域"
            options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
        <Form.Item label="证件类型" name="certificateType" rules={RULES.certificateType}>
          <Select
            aria-label="证件类型"
            options={(certificateTypes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        {certificateType === '2' ? (
          <Form.Item label="证件号" required>
            <Space.Compact>
              <span className={styles.affix}>冀(</span>
              <CertificatePart name="syear" />
              <span className={styles.affix}>)不动产权第</span>
              <CertificatePart name="certificateNum" />
              <span className={styles.affix}>号</span>
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item label="证件号" name="certificateNum" rules={RULES.certificateNum}>
            <Input
              aria-label="证件号"
              placeholder="请输入房屋所有权证号"
              maxLength={MAX_LENGTH.certificateNum}
            />
          </Form.Item>
        )}
        <Form.Item label="产权人姓名" name="ownerName" rules={RULES.ownerName}>
          <Input aria-label="产权人姓名" maxLength={MAX_LENGTH.ownerName} />
        </Form.Item>
        <Form.Item label="产权人证件号" name="ownerIdCard" rules={RULES.ownerIdCard}>
          <Input
            aria-label="产权人证件号"
            maxLength={MAX_LENGTH.ownerIdCard}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 5, span: 14 } }}>
          <Button type="primary" htmlType="submit" loading={isChecking}>
            核验
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <div className={styles.result}>
          {result.checkStatus === String(LISTING_CHECK_STATUS.PASSED) ? (
            <Alert
              type="success"
              showIcon
              title={result.checkResult || '核验通过'}
              description={`产权人：${result.ownerName}`}
              action={
                <Button type="primary" onClick={() => onContinue(result)}>
                  继续
                </Button>
              }
            />
          ) : (
            <Alert type="error" showIcon title={result.checkResult || '核验未通过'} />
          )}
        </div>
      )}
    </div>
  );
}
