import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * Turns one field of a shared zod schema (packages/shared) into antd Form rules, so a form
 * checks what the server checks with the same Chinese messages and never re-types a bound:
 * required (with the field's own message), minimum and maximum length, pattern, whole numbers
 * and numeric bounds, list sizes. Refinements across fields (a rule's `superRefine`) and custom
 * checks stay with the form that needs them. See
 * docs/decisions/0047-layers-and-one-validation-path.md.
 */

interface CheckDef {
  check: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
  error?: (issue?: unknown) => unknown;
}

interface SchemaDef {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  error?: (issue?: unknown) => unknown;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): SchemaDef =>
  (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** The text of a schema's or a check's own message, when it was given as text. */
function messageOf(def: { error?: (issue?: unknown) => unknown }): string | undefined {
  try {
    const text = def.error?.();
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Wrappers that only let a value be missing or give it a default. */
const OPTIONAL = new Set(['optional', 'nullable', 'default', 'prefault', 'catch']);

/** The schema that checks the typed value, and whether the value may be left empty. */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean } {
  let core = schema;
  let optional = false;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = defOf(core);
    if (OPTIONAL.has(def.type) && def.innerType) {
      optional ||= def.type !== 'catch';
      core = def.innerType;
    } else if (def.type === 'readonly' && def.innerType) {
      core = def.innerType;
    } else if (def.type === 'pipe' && def.in && def.out) {
      // A preprocessing step (`z.preprocess`) feeds the real field; a transform follows it.
      core = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else {
      break;
    }
  }
  return { core, optional };
}

/** Numeric and length bounds of a field, for an input's own `min`, `max` or `maxLength`. */
export interface FieldBounds {
  kind: 'string' | 'number' | 'array' | 'other';
  required: boolean;
  min?: number;
  max?: number;
}

function checksOf(core: z.ZodType): CheckDef[] {
  return (defOf(core).checks ?? []).map((check) => check._zod.def);
}

/** The bounds of a shared field: length for text and lists, value for numbers. */
export function zodFieldBounds(schema: z.ZodType): FieldBounds {
  const { core, optional } = unwrap(schema);
  const type = defOf(core).type;
  const kind = type === 'string' || type === 'number' || type === 'array' ? type : 'other';
  const bounds: FieldBounds = { kind, required: !optional };
  for (const check of checksOf(core)) {
    if (check.check === 'min_length' && check.minimum !== undefined)
      bounds.min = Math.max(bounds.min ?? -Infinity, Number(check.minimum));
    if (check.check === 'max_length' && check.maximum !== undefined)
      bounds.max = Math.min(bounds.max ?? Infinity, Number(check.maximum));
    if (check.check === 'greater_than' && check.value !== undefined)
      bounds.min = Math.max(bounds.min ?? -Infinity, Number(check.value));
    if (check.check === 'less_than' && check.value !== undefined)
      bounds.max = Math.min(bounds.max ?? Infinity, Number(check.value));
  }
  return bounds;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A rule that runs `test` on a filled-in value and refuses it with `message`. */
function valueRule(message: string, test: (value: number) => boolean): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isNaN(number) || !test(number)) throw new Error(message);
    },
    message,
  };
}

/**
 * antd rules for one shared field. `required` overrides whether the field must be filled (a
 * field the schema requires only for one listing type, say); `requiredMessage` its message;
 * `patternMessage` the page's own words for a value of the wrong form (a pattern's message).
 */
export function zodFieldRules(
  schema: z.ZodType,
  options: { required?: boolean; requiredMessage?: string; patternMessage?: string } = {},
): FormRule[] {
  const { core, optional } = unwrap(schema);
  const def = defOf(core);
  const checks = checksOf(core);
  const ownMessage = messageOf(def);
  const rules: FormRule[] = [];
  const required = options.required ?? !optional;

  if (def.type === 'array') {
    const min = checks.find((check) => check.check === 'min_length');
    const max = checks.find((check) => check.check === 'max_length');
    if (required) {
      const message =
        options.requiredMessage ?? (min && messageOf(min)) ?? ownMessage ?? '不能为空';
      rules.push({
        required: true,
        type: 'array',
        min: Math.max(1, Number(min?.minimum ?? 1)),
        message,
      });
    }
    if (max?.maximum !== undefined) {
      const count = Number(max.maximum);
      rules.push({ type: 'array', max: count, message: messageOf(max) ?? `最多${count}项` });
    }
    return rules;
  }

  if (def.type === 'string') {
    const firstMin = checks.find((check) => check.check === 'min_length');
    if (required) {
      const message =
        options.requiredMessage ?? (firstMin && messageOf(firstMin)) ?? ownMessage ?? '不能为空';
      rules.push({ required: true, whitespace: true, message });
    }
    for (const check of checks) {
      if (check.check === 'min_length' && Number(check.minimum) > 1) {
        const min = Number(check.minimum);
        rules.push({ min, message: messageOf(check) ?? `不能少于${min}个字符` });
      }
      if (check.check === 'max_length' && check.maximum !== undefined) {
        const max = Number(check.maximum);
        rules.push({ max, message: messageOf(check) ?? `不能超过${max}个字符` });
      }
      if (check.check === 'string_format' && check.pattern instanceof RegExp)
        rules.push({
          pattern: check.pattern,
          message: options.patternMessage ?? messageOf(check) ?? ownMessage ?? '格式不正确',
        });
    }
    return rules;
  }

  if (def.type === 'number') {
    if (required)
      rules.push({ required: true, message: options.requiredMessage ?? ownMessage ?? '不能为空' });
    for (const check of checks) {
      if (check.check === 'number_format' && check.format?.includes('int'))
        rules.push(valueRule(messageOf(check) ?? ownMessage ?? '请输入整数', Number.isInteger));
      if (check.check === 'greater_than' && check.value !== undefined) {
        const min = Number(check.value);
        const message = messageOf(check) ?? (check.inclusive ? `不能小于${min}` : `应大于${min}`);
        rules.push(valueRule(message, (n) => (check.inclusive ? n >= min : n > min)));
      }
      if (check.check === 'less_than' && check.value !== undefined) {
        const max = Number(check.value);
        const message = messageOf(check) ?? (check.inclusive ? `不能大于${max}` : `应小于${max}`);
        rules.push(valueRule(message, (n) => (check.inclusive ? n <= max : n < max)));
      }
    }
    return rules;
  }

  if (required)
    rules.push({ required: true, message: options.requiredMessage ?? ownMessage ?? '不能为空' });
  return rules;
}
