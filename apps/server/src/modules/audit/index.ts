/**
 * What other modules may use of the audit log (docs/decisions/0046-module-boundaries.md): the
 * entry written in the transaction of each operator action, the changed fields it records, and
 * the owner notice that goes with some of them. The console reads the log back
 * (`modules/admin/audit.queries.ts`); the audit log is its own module so that every module that
 * audits a change can depend on it without depending on the console.
 */
export { type AuditRecord, changedFields, notifyOwner, recordAudit } from './audit';
