import { LegalPage } from '../../../components/legal/legal-page';

/** /agreement: the user service agreement in force (docs/product/accounts.md). */
export default function AgreementRoute() {
  return <LegalPage kind="agreement" />;
}
