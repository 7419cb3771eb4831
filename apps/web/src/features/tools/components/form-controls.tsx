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

/**
 * Warnings under a field (a Form.Item's `extra`): shown, never blocking
 * (docs/product/loan-rates.md); undefined when there is none, so no empty line is left.
 */
export function fieldWarnings(...texts: Array<string | undefined>): ReactNode {
  const shown = texts.filter((text): text is string => Boolean(text));
  if (shown.length === 0) return undefined;
  return shown.map((text) => (
    <span key={text} className={styles.amountWarning}>
      {text}
    </span>
  ));
}

/** A read-only computed value in the form (e.g. 财政补贴, 执行利率). */
export function ComputedField({
  label,
  value,
  extra,
}: {
  label: string;
  value: string;
  extra?: ReactNode;
}) {
  return (
    <Form.Item label={label} extra={extra}>
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
