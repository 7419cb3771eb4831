import { LegalPage } from '../../../components/legal/legal-page';

/** /privacy: the privacy policy in force (docs/product/accounts.md). */
export default function PrivacyRoute() {
  return <LegalPage kind="privacy" />;
}
