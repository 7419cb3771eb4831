import { AuditTable } from '../../../features/admin/components/audit-table';

/** /admin/audit: 操作日志. */
export default function AdminAuditRoute() {
  return <AuditTable />;
}
