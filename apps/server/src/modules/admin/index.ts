/**
 * What other modules may use of the operator console (docs/decisions/0046-module-boundaries.md):
 * the operator upload a domain's admin route stores pictures and documents with, and the prefix
 * of the operator API. The audit log each operator action writes is its own module
 * (`modules/audit`).
 */
export { ADMIN_API_PREFIX } from './admin-guard';
export { saveOperatorUpload, type UploadKind } from './admin-uploads';
export { assertIssuedImage, type IssuedImageFolder } from './issued-uploads';
