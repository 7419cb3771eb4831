import { PoiConsole } from '../../../features/buyer-facts/admin/poi-console';

/** /admin/pois: import and keep the points of interest. */
export default function AdminPoisRoute() {
  return <PoiConsole />;
}
