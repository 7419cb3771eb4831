import type { CalcOutcome } from '@portal/shared/domain/money';
import { Form } from 'antd';
import { useState } from 'react';
import { type FormValues, useUrlForm } from './use-url-form';

/**
 * The state every calculator tab shares: the antd form whose values live in the URL, the last
 * outcome, and reset (defaults back, URL cleared, result gone — docs/product/calculators.md).
 */
export function useCalculatorForm<T extends FormValues, R>(defaults: T) {
  const { initialValues, writeValues } = useUrlForm(defaults);
  const [form] = Form.useForm<T>();
  const [outcome, setOutcome] = useState<CalcOutcome<R> | null>(null);

  /** The current values, with the URL's initial values for fields not mounted yet. */
  const allValues = (): T => ({ ...initialValues, ...form.getFieldsValue(true) });
  const handleValuesChange = () => writeValues(allValues());
  const handleReset = () => {
    form.resetFields();
    form.setFieldsValue(defaults);
    writeValues(defaults);
    setOutcome(null);
  };

  return {
    form,
    initialValues,
    allValues,
    outcome,
    setOutcome,
    result: outcome?.ok ? outcome.value : null,
    handleValuesChange,
    handleReset,
  };
}
