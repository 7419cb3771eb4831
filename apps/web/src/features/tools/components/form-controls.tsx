import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { sanitiseDecimal, type SanitiseOptions } from '../lib/sanitise';
import styles from './tools.module.css';

interface NumberFieldProps {
  name: string;
  label: string;
  unit: string;
  rules?: Rule[];
  placeholder?: string;
  sanitise?: SanitiseOptions;
  normalize?: (value: string | undefined) => string;
  extra?: ReactNode;
}

/** A text field for amounts and areas, cleaned as typed (digits, one dot, 2 decimals). */
export function NumberField({
  name,
  label,
  unit,
  rules,
  placeholder,
  sanitise,
  normalize,
  extra,
}: NumberFieldProps) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={rules}
      extra={extra}
      normalize={normalize ?? ((value?: string) => sanitiseDecimal(value, sanitise))}
    >
      <Input
        inputMode="decimal"
        maxLength={sanitise?.maxLength ?? 10}
        suffix={unit}
        placeholder={placeholder ?? `请输入${label}`}
        aria-label={label}
      />
    </Form.Item>
  );
}

/** A read-only computed value in the form (e.g. 财政补贴, 执行利率). */
export function ComputedField({ label, value }: { label: string; value: string }) {
  return (
    <Form.Item label={label}>
      <output aria-label={label} className={styles.computed}>
        {value}
      </output>
    </Form.Item>
  );
}

/** Keeps an optional leading minus, then digits and a dot (for basis points). */
export function sanitiseSigned(value: string | undefined): string {
  const text = value ?? '';
  const sign = text.startsWith('-') ? '-' : '';
  return sign + sanitiseDecimal(text.slice(sign.length), { maxIntegerDigits: 4, maxLength: 7 });
}
