import { DashboardView } from '../../../features/admin/components/dashboard-view';

/** /admin: the operator console's landing page. */
export default function AdminDashboardRoute() {
  return <DashboardView />;
}
