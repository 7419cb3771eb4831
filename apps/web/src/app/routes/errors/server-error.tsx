import { ErrorResult } from '../../../components/error-result';

/** /500 (spec 3 §2.12). */
export default function ServerErrorRoute() {
  return <ErrorResult kind="serverError" />;
}
