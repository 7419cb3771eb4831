import { LegalEditor } from '../../../features/admin/components/legal-editor';

/** /admin/legal: publish versions of the user service agreement and the privacy policy. */
export default function AdminLegalRoute() {
  return <LegalEditor />;
}
