/**
 * What other modules may use of the operator console (docs/decisions/0046-module-boundaries.md):
 * the audit log, written in the transaction of each operator action that a module's own admin
 * routes perform, the owner notice that goes with some of them, and the operator upload a
 * domain's admin route stores pictures and documents with.
 */
export { type AuditRecord, changedFields, notifyOwner, recordAudit } from './audit';
export { saveOperatorUpload, type UploadKind } from './admin-uploads';
export { assertIssuedImage, type IssuedImageFolder } from './issued-uploads';
