import { AgreementText } from '../../../features/home/components/agreement-text';

/** /agreement: the user service agreement (spec 3 §2.13). */
export default function AgreementRoute() {
  return <AgreementText />;
}
