import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * Turns one field of a shared zod schema (packages/shared) into antd Form rules, so a form
 * checks what the server checks with the same Chinese messages and never re-types a bound:
 * required (with the field's own message), minimum and maximum length, pattern, whole numbers
 * and numeric bounds, list sizes, and the field's own refinements (`.refine`, checked by parsing
 * the field). A field entered in another unit than the server's (a sale price in 万, sent in yuan)
 * gives the conversion once, and every bound is checked on the converted value. Refinements across
 * fields (a rule's `superRefine`) stay with the form that needs them. See
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

/**
 * The schema that checks the typed value, whether the value may be left empty, and whether the
 * field (at any level) carries a refinement of its own.
 */
function unwrap(schema: z.ZodType): { core: z.ZodType; optional: boolean; refined: boolean } {
  let core = schema;
  let optional = false;
  let refined = false;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = defOf(core);
    refined ||= (def.checks ?? []).some((check) => check._zod.def.check === 'custom');
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
  return { core, optional, refined };
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
  const checks = checksOf(core);
  // A whole number above 0 starts at 1: an exclusive bound of a whole number moves by one.
  const step = checks.some((c) => c.check === 'number_format' && c.format?.includes('int')) ? 1 : 0;
  for (const check of checks) {
    if (check.check === 'min_length' && check.minimum !== undefined)
      bounds.min = Math.max(bounds.min ?? -Infinity, Number(check.minimum));
    if (check.check === 'max_length' && check.maximum !== undefined)
      bounds.max = Math.min(bounds.max ?? Infinity, Number(check.maximum));
    if (check.check === 'greater_than' && check.value !== undefined) {
      const min = Number(check.value) + (check.inclusive ? 0 : step);
      bounds.min = Math.max(bounds.min ?? -Infinity, min);
    }
    if (check.check === 'less_than' && check.value !== undefined) {
      const max = Number(check.value) - (check.inclusive ? 0 : step);
      bounds.max = Math.min(bounds.max ?? Infinity, max);
    }
  }
  return bounds;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A rule that runs `test` on a filled-in value and refuses it with `message`. */
function valueRule(
  message: string,
  test: (value: number) => boolean,
  toFieldValue: (entered: number) => number = (entered) => entered,
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isNaN(number) || !test(toFieldValue(number))) throw new Error(message);
    },
    message,
  };
}

/**
 * A rule that parses a filled-in value with the whole field and refuses it with the message of
 * the field's own refinement, if that fails (the other checks have rules of their own).
 */
function refinementRule(schema: z.ZodType, toFieldValue?: (entered: number) => number): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) return;
      const typed = toFieldValue && typeof value === 'number' ? toFieldValue(value) : value;
      const result = schema.safeParse(typed);
      const refusal = result.success
        ? undefined
        : result.error.issues.find((issue) => issue.code === 'custom');
      if (refusal) throw new Error(refusal.message);
    },
  };
}

/** Whether the field takes an empty text (a text field with only a maximum, say). */
const takesEmptyText = (core: z.ZodType) => core.safeParse('').success;

/** Options of `zodFieldRules`. */
export interface FieldRuleOptions {
  /** Whether the field must be filled, when the page knows better (a field one listing type needs). */
  required?: boolean;
  /** The message of an empty field, when the page words it itself. */
  requiredMessage?: string;
  /** The page's own words for a value of the wrong form (a pattern's message). */
  patternMessage?: string;
  /** A number as the field holds it from the number entered (万 → yuan), for every check. */
  toFieldValue?: (entered: number) => number;
}

/**
 * antd rules for one shared field (see FieldRuleOptions). A text field is required when the
 * server refuses it empty; any other field unless it is optional.
 */
export function zodFieldRules(schema: z.ZodType, options: FieldRuleOptions = {}): FormRule[] {
  const rules = coreRules(schema, options);
  if (unwrap(schema).refined) rules.push(refinementRule(schema, options.toFieldValue));
  return rules;
}

function coreRules(schema: z.ZodType, options: FieldRuleOptions): FormRule[] {
  const { core, optional } = unwrap(schema);
  const def = defOf(core);
  const checks = checksOf(core);
  const ownMessage = messageOf(def);
  const rules: FormRule[] = [];
  const required =
    options.required ?? (!optional && !(def.type === 'string' && takesEmptyText(core)));
  const { toFieldValue } = options;

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
        rules.push(
          valueRule(messageOf(check) ?? ownMessage ?? '请输入整数', Number.isInteger, toFieldValue),
        );
      if (check.check === 'greater_than' && check.value !== undefined) {
        const min = Number(check.value);
        const message = messageOf(check) ?? (check.inclusive ? `不能小于${min}` : `应大于${min}`);
        rules.push(valueRule(message, (n) => (check.inclusive ? n >= min : n > min), toFieldValue));
      }
      if (check.check === 'less_than' && check.value !== undefined) {
        const max = Number(check.value);
        const message = messageOf(check) ?? (check.inclusive ? `不能大于${max}` : `应小于${max}`);
        rules.push(valueRule(message, (n) => (check.inclusive ? n <= max : n < max), toFieldValue));
      }
    }
    return rules;
  }

  if (required)
    rules.push({ required: true, message: options.requiredMessage ?? ownMessage ?? '不能为空' });
  return rules;
}
