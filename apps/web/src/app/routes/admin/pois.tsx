import { PoiConsole } from '../../../features/admin/components/poi-console';

/** /admin/pois: import and keep the points of interest. */
export default function AdminPoisRoute() {
  return <PoiConsole />;
}
