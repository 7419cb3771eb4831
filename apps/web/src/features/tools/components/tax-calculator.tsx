import {
  DEED_TAX_RULE_SETS,
  DEFAULT_DEED_TAX_RULE_SET_ID,
  HOME_ORDINAL_LABEL,
  type HomeOrdinal,
} from '@portal/shared/constants/policy';
import { formatFen } from '@portal/shared/domain/money';
import {
  HOLDING_PERIOD_LABEL,
  type HoldingPeriod,
  type HouseCategory,
  type SellerNature,
  type TaxResult,
  calculateTax,
} from '@portal/shared/domain/tax';
import { Form, Radio, Select } from 'antd';
import { useCalculatorForm } from '../hooks/use-calculator-form';
import { useFormLayout } from '../hooks/use-form-layout';
import { toNumber } from '../lib/sanitise';
import { CalculatorActions } from './calculator-actions';
import { NumberField } from './form-controls';
import { type ResultItem, ResultError, ResultPanel } from './result-panel';
import styles from './tools.module.css';

const DEFAULTS = {
  buyType: 'new',
  property: '',
  price: '',
  area: '',
  isLift: '1',
  houseType: '',
  transfer: '',
  originallyPrice: '',
  sellerNature: '',
  deedRule: DEFAULT_DEED_TAX_RULE_SET_ID,
};
type Values = typeof DEFAULTS;

const toOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const required = (message: string) => [{ required: true, message }];
const HOUSE_TYPES = toOptions({ residential: '住宅', nonResidential: '非住宅' });

function resultItems(r: TaxResult, isSecondHand: boolean): ResultItem[] {
  const yuan = (label: string, fen: number) => ({ label, value: formatFen(fen), unit: '元' });
  const items = [
    yuan('房屋总价', r.totalPriceFen),
    yuan('维修基金', r.maintenanceFundFen),
    yuan(`契税（${r.deedTaxPct}%）`, r.deedTaxFen),
  ];
  if (isSecondHand) items.push(yuan('增值税', r.addedTaxFen), yuan('个人所得税', r.personalTaxFen));
  items.push(yuan('税费合计', r.totalTaxAndFeesFen));
  return items;
}

/** Tab 5, 税费计算器: 新房 or 二手房 swaps the form and the result (docs/product/calculators.md). */
export function TaxCalculator() {
  const {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result,
    handleValuesChange: saveValues,
    handleReset,
  } = useCalculatorForm<Values, TaxResult>(DEFAULTS);
  const formLayout = useFormLayout(130);
  const buyType = Form.useWatch('buyType', form) ?? initialValues.buyType;
  const isSecondHand = buyType === 'secondHand';

  const handleValuesChange = (changed: Partial<Values>) => {
    if (changed.buyType) setOutcome(null);
    saveValues();
  };
  const handleFinish = () => {
    const v = allValues();
    setOutcome(
      calculateTax({
        buyType: isSecondHand ? 'secondHand' : 'new',
        property: v.property as HomeOrdinal,
        houseType: v.houseType as HouseCategory,
        unitPrice: toNumber(v.price),
        area: toNumber(v.area),
        hasLift: v.isLift === '1',
        deedTaxRuleSetId: v.deedRule,
        holding: isSecondHand ? (v.transfer as HoldingPeriod) : undefined,
        originalPrice: isSecondHand ? toNumber(v.originallyPrice) : undefined,
        sellerNature: isSecondHand ? (v.sellerNature as SellerNature) : undefined,
      }),
    );
  };

  return (
    <div className={styles.calculator}>
      <Form
        form={form}
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
        className={styles.form}
        {...formLayout}
      >
        <Form.Item name="buyType" label="购房类型" rules={required('请选择购房类型')}>
          <Radio.Group options={toOptions({ new: '新房', secondHand: '二手房' })} />
        </Form.Item>
        <Form.Item name="property" label="购房性质" rules={required('请选择购房性质')}>
          <Select
            options={toOptions(HOME_ORDINAL_LABEL)}
            placeholder="请选择"
            aria-label="购房性质"
          />
        </Form.Item>
        <NumberField name="price" label="单价" unit="元/㎡" rules={required('请填写单价')} />
        <NumberField name="area" label="面积" unit="㎡" rules={required('请填写面积')} />
        <Form.Item name="isLift" label="有无电梯">
          <Radio.Group options={toOptions({ '1': '有电梯', '0': '无电梯' })} />
        </Form.Item>
        <Form.Item
          name="houseType"
          label={isSecondHand ? '房屋类型' : '房屋类别'}
          rules={required(isSecondHand ? '请选择房屋类型' : '请选择房屋类别')}
        >
          <Select options={HOUSE_TYPES} placeholder="请选择" aria-label="房屋类别" />
        </Form.Item>
        {isSecondHand && (
          <>
            <Form.Item name="transfer" label="几年内转让" rules={required('请选择几年内转让')}>
              <Select
                options={toOptions(HOLDING_PERIOD_LABEL)}
                placeholder="请选择"
                aria-label="几年内转让"
              />
            </Form.Item>
            <NumberField
              name="originallyPrice"
              label="原购房价格"
              unit="元"
              sanitise={{ maxIntegerDigits: 9, maxLength: 12 }}
              rules={required('请填写原购房价格')}
            />
            <Form.Item name="sellerNature" label="卖方性质" rules={required('请选择卖方性质')}>
              <Select
                options={toOptions({ onlyHome: '唯一住房', notOnlyHome: '非唯一住房' })}
                placeholder="请选择"
                aria-label="卖方性质"
              />
            </Form.Item>
          </>
        )}
        <Form.Item name="deedRule" label="契税政策">
          <Select
            options={DEED_TAX_RULE_SETS.map((r) => ({ value: r.id, label: r.label }))}
            aria-label="契税政策"
          />
        </Form.Item>
        <CalculatorActions onReset={handleReset} />
      </Form>
      {outcome && !outcome.ok && <ResultError message={outcome.error} />}
      {result && <ResultPanel items={resultItems(result, isSecondHand)} />}
    </div>
  );
}
