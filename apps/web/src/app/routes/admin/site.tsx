import { SiteSettingsForm } from '../../../features/admin/components/site-settings-form';

/** /admin/site: site title, logo, meta tags and footer. */
export default function AdminSiteRoute() {
  return <SiteSettingsForm />;
}
