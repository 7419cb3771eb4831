import { LegalEditor } from '../../../features/account/admin/legal-editor';

/** /admin/legal: publish versions of the user service agreement and the privacy policy. */
export default function AdminLegalRoute() {
  return <LegalEditor />;
}
