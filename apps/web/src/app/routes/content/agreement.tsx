import { AgreementText } from '../../../features/home/components/agreement-text';

/** /agreement: the user service agreement (docs/product/content.md). */
export default function AgreementRoute() {
  return <AgreementText />;
}
