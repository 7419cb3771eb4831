import { DISTRICTS } from '@portal/shared/constants/districts';
import {
  BUYER_QUERY_MESSAGES as MSG,
  type BuyerQuery,
  buyerQuerySchema,
} from '@portal/shared/schemas/registry';
import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { zodFieldBounds, zodFieldRules } from '../../../lib/zod-rules';
import { type BuyerQueryKind, type BuyerResult, useBuyerQuery } from '../api/registry-api';
import { BuyerResultDialog } from './buyer-result-dialog';
import styles from './registry.module.css';

const RESULT_TITLE: Record<BuyerQueryKind, string> = {
  funds: '预售资金监管进帐信息',
  contract: '商品房签约信息',
};

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The fields as the server checks them (docs/decisions/0047-layers-and-one-validation-path.md). */
const FIELD = buyerQuerySchema.shape;
const rulesOf = (name: keyof BuyerQuery) => zodFieldRules(FIELD[name]);
const maxOf = (name: keyof BuyerQuery) => zodFieldBounds(FIELD[name]).max;

/**
 * The buyer query form of /yszjpage and /spfqypage: district, ID number (pattern and GB 11643
 * checksum), contract number and purchase password, all trimmed; reset clears every field.
 */
// Labels beside the fields from 576 px; on a phone each label sits above its field.
const LABEL_COL = { xs: { span: 24 }, sm: { span: 6 } };
const FIELD_COL = { xs: { span: 24 }, sm: { span: 18 } };
const BUTTONS_COL = { xs: { span: 24, offset: 0 }, sm: { span: 18, offset: 6 } };

export function BuyerQueryForm({ kind }: { kind: BuyerQueryKind }) {
  const [form] = Form.useForm<BuyerQuery>();
  const [result, setResult] = useState<BuyerResult | null>(null);
  const { mutate, isPending } = useBuyerQuery(kind);

  const handleFinish = (values: BuyerQuery) => {
    mutate(
      {
        areaCode: values.areaCode,
        idcard: trimmed(values.idcard),
        netsignnum: trimmed(values.netsignnum),
        password: trimmed(values.password),
      },
      { onSuccess: setResult },
    );
  };

  return (
    <>
      <Form<BuyerQuery>
        form={form}
        className={styles.form}
        labelCol={LABEL_COL}
        wrapperCol={FIELD_COL}
        onFinish={handleFinish}
      >
        <Form.Item label="区域" name="areaCode" rules={rulesOf('areaCode')}>
          <Select
            placeholder={MSG.areaRequired}
            options={DISTRICTS.map((d) => ({ value: d.code, label: d.name }))}
          />
        </Form.Item>
        <Form.Item label="身份证号" name="idcard" rules={rulesOf('idcard')}>
          <Input placeholder={MSG.idPlaceholder} maxLength={20} />
        </Form.Item>
        <Form.Item label="合同编号" name="netsignnum" rules={rulesOf('netsignnum')}>
          <Input placeholder={MSG.contractRequired} maxLength={maxOf('netsignnum')} />
        </Form.Item>
        <Form.Item label="购房密码" name="password" rules={rulesOf('password')}>
          <Input.Password placeholder={MSG.passwordRequired} maxLength={maxOf('password')} />
        </Form.Item>
        <Form.Item wrapperCol={BUTTONS_COL}>
          <Space>
            <Button onClick={() => form.resetFields()}>重置</Button>
            <Button type="primary" htmlType="submit" loading={isPending}>
              查询
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <BuyerResultDialog
        title={RESULT_TITLE[kind]}
        result={result}
        onClose={() => setResult(null)}
      />
    </>
  );
}
