import type { z } from 'zod';

/**
 * The citizen forms whose body is declared on the route like any other (so the API document
 * shows its fields) but whose refusal reads as the form's own first rule: a failure answers
 * 10001 (400) with that rule's Chinese text as the message (e.g. 请输入小区名称, see
 * docs/product/listings.md) and every field in `data`, the way the form itself shows it. Other
 * bodies name the part and the field (`请求体不正确：phone 请输入有效的手机号`). The one error
 * handler (plugins/error-handler.ts) asks which kind a route's body is; see
 * docs/decisions/0047-layers-and-one-validation-path.md.
 */
const formBodies = new WeakSet<z.ZodType>();

/** Declares `schema` a form body and returns it, for a route's `schema.body`. */
export function formBody<T extends z.ZodType>(schema: T): T {
  formBodies.add(schema);
  return schema;
}

/** Whether a route's body schema was declared with `formBody`. */
export function isFormBody(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && formBodies.has(schema as z.ZodType);
}
