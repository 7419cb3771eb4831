/**
 * What other modules may use of the operator console: the audit log, written in the
 * transaction of each operator action that a module's own admin routes perform.
 */
export { type AuditRecord, recordAudit } from './audit';
