import { listingReportFormSchema } from '@portal/shared/schemas/listing-trust';
import { listingFormSchema, verificationFormSchema } from '@portal/shared/schemas/listings';
import { z } from 'zod';

/**
 * The free-text fields of the API, derived from the OpenAPI document (and, for the few routes
 * whose body is parsed in the service, from the same shared zod schemas), so that a new text
 * field is covered by the hostile-text tests without anyone listing it.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** One free-text field: where it sits in the body (`[]` steps into every array element). */
export interface TextField {
  path: string[];
  minLength: number;
  maxLength: number;
}

/** Bodies the routes take as a free record and parse in the service with these schemas. */
export const SERVICE_PARSED_BODIES: Record<string, z.ZodType> = {
  'POST /api/listings': listingFormSchema,
  'PUT /api/listings/:id': listingFormSchema,
  'POST /api/listings/verifications': verificationFormSchema,
  'POST /api/listings/:id/reports': listingReportFormSchema,
};

/**
 * Text fields that are not free text although their schema says only "string": each is checked
 * against a rule the JSON schema cannot show, so hostile text is refused with a Chinese message
 * (asserted by the test) and never stored. Everything else of type string is free text.
 */
export const CHECKED_TEXT: Record<string, string> = {
  password: 'a password: hashed, never shown',
  newPwd: 'a password: hashed, never shown',
  ticket: 'a WeChat login ticket issued by the server',
  captchaId: 'a captcha issued by the server',
  num: 'the digits of the captcha picture',
  coverPath: 'a storage key the upload call issued, checked against the issued keys',
  logo: 'a storage key the upload call issued, checked against the issued keys',
  path: 'a storage key the upload call issued, checked against the issued keys',
  idCard: 'an ID number with the GB 11643 check digit',
  idcard: 'an ID number with the GB 11643 check digit',
  ownerIdCard: 'an ID number with the GB 11643 check digit',
  areaCode: 'a district code of the dictionary',
  direction: 'a listing dictionary code',
  decorates: 'a listing dictionary code',
  elevator: 'a listing dictionary code',
  buildType: 'a listing dictionary code',
  rightLimit: 'a listing dictionary code',
  houseType: 'a listing dictionary code',
  rentPay: 'a listing dictionary code',
  rentType: 'a listing dictionary code',
  checkIn: 'a calendar day yyyy-MM-dd',
  syear: 'a year of the property register',
  certificateNum: 'a certificate number: a year and 7 digits',
  userPhone: 'a phone number',
  netsignnum: 'a net-sign number looked up in the register, never stored from this form',
  url: 'the address of the page that failed, written to the log only',
  website: 'the site address, an http(s) URL',
  icpLink: 'where the ICP number is verified, an http(s) URL',
  psbLink: 'where the 公安备案 number is verified, an http(s) URL',
  hotline: 'a phone number: digits, spaces and + - ( )',
};

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  return schema.type;
}

function walk(schema: JsonSchema | undefined, path: string[], out: TextField[]): void {
  if (!schema) return;
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    walk(variant, path, out);
  const type = typeOf(schema);
  if (type === 'object' || schema.properties) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      walk(property, [...path, name], out);
    }
  } else if (type === 'array') {
    walk(schema.items, [...path, '[]'], out);
  } else if (type === 'string') {
    const name = path.at(-1) ?? '';
    const constrained = schema.enum || schema.const !== undefined || schema.pattern;
    if (constrained || schema.format || name in CHECKED_TEXT) return;
    if (out.some((field) => field.path.join('.') === path.join('.'))) return;
    out.push({
      path,
      minLength: schema.minLength ?? 0,
      maxLength: schema.maxLength ?? 500,
    });
  }
}

/** `METHOD /path/:param` of an OpenAPI path and method. */
export const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** Whether a body schema is a free record (its fields are only known to the service). */
const isOpaque = (schema: JsonSchema | undefined) =>
  Boolean(schema && typeOf(schema) === 'object' && !schema.properties && !schema.anyOf);

/**
 * Every JSON-body operation with its free-text fields. Opaque bodies take their fields from
 * SERVICE_PARSED_BODIES; an opaque body missing there is reported in `unknownBodies`.
 */
export function textFieldsOf(spec: OpenApi): {
  operations: Map<string, TextField[]>;
  unknownBodies: string[];
} {
  const operations = new Map<string, TextField[]>();
  const unknownBodies: string[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      let body = op.requestBody?.content?.['application/json']?.schema;
      const key = operationKey(method, path);
      if (isOpaque(body)) {
        const zod = SERVICE_PARSED_BODIES[key];
        if (!zod) {
          unknownBodies.push(key);
          continue;
        }
        body = z.toJSONSchema(zod, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      }
      const fields: TextField[] = [];
      walk(body, [], fields);
      if (fields.length > 0) operations.set(key, fields);
    }
  }
  return { operations, unknownBodies };
}

/**
 * Hostile texts in four families, each from its longest to its shortest form: markup that runs
 * script, an event handler (onerror / onload), a `javascript:` link, and SQL. A field gets the
 * longest form that fits its length limit; a form shorter than the field's minimum is padded
 * with plain text.
 */
export const HOSTILE_FAMILIES: Record<string, readonly string[]> = {
  script: ['<script>alert(1)</script>', '<script>'],
  handler: ['<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '<svg/onload=1>', '<b onx=1>'],
  javascript: ['<a href="javascript:alert(1)">链接</a>', 'javascript:alert(1)', 'javascript:'],
  sql: ["'; DROP TABLE users; --", "' OR '1'='1' --", "' OR 1=1--", "';--"],
};

/** Traces of each family, to find the texts again wherever they went. */
export const HOSTILE_TRACES = /<script|onerror=|onload=|onx=|javascript:|DROP TABLE|' OR /i;
/** What must never survive in HTML that a page inserts as markup. */
export const ACTIVE_MARKUP = /<script|<svg|\son\w+\s*=|javascript:|<iframe|<object|<embed/i;

/**
 * The hostile text of a family for a field, or undefined when no form of it fits. `tag` (a
 * number) is appended where it fits, so that values of unique fields (a licence number) differ
 * between calls. Rich-text fields get the text after a paragraph of their own, so that what is
 * left after cleaning is not empty.
 */
export function hostileText(
  family: string,
  field: TextField,
  options: { tag?: number; rich?: boolean } = {},
): string | undefined {
  const lead = options.rich ? '<p>正文</p>' : '';
  const form = HOSTILE_FAMILIES[family]?.find(
    (text) => lead.length + text.length <= field.maxLength,
  );
  if (!form) return undefined;
  let value = lead + form;
  const tag = options.tag === undefined ? '' : `〔${options.tag}〕`;
  if (value.length + tag.length <= field.maxLength) value += tag;
  const padding = '测试文字'.repeat(Math.ceil(field.minLength / 4));
  return value.length >= field.minLength ? value : (value + padding).slice(0, field.maxLength);
}

/** Sets a field (through every element of the arrays on its path); answers whether it was set. */
export function setField(body: unknown, path: string[], value: string): boolean {
  const [head, ...rest] = path;
  if (head === undefined || body === null || typeof body !== 'object') return false;
  if (head === '[]') {
    if (!Array.isArray(body)) return false;
    return body.map((item) => setField(item, rest, value)).some(Boolean);
  }
  const record = body as Record<string, unknown>;
  if (rest.length > 0) return setField(record[head], rest, value);
  record[head] = value;
  return true;
}
