import { SiteSettingsForm } from '../../../features/shell/admin/site-settings-form';

/** /admin/site: site title, logo, meta tags and footer. */
export default function AdminSiteRoute() {
  return <SiteSettingsForm />;
}
